// Values test/workers/node/global-setup.ts provides to the Worker tests (`inject(...)`).
declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a local Hrana-over-HTTP server (Turso's protocol) over a migrated libSQL file. */
    tursoUrl: string;
    tursoAuthToken: string;
  }
}

export {};
