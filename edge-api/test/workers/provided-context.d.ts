// Values test/workers/node/global-setup.ts provides to the Worker tests (`inject(...)`).
declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of a local Hrana-over-HTTP server (Turso's protocol) over a migrated libSQL file. */
    tursoUrl: string;
    tursoAuthToken: string;
    /** A BTCPay (Greenfield) sandbox served from Node: its base URL, store id and API key. */
    btcpay: { url: string; storeId: string; apiKey: string };
    /** The carrier (label provider) sandbox served from Node: its URL, control key and two catalogues. */
    carrier: {
      url: string;
      controlKey: string;
      alpha: { baseUrl: string; apiKey: string };
      beta: { baseUrl: string; apiKey: string };
    };
    /** A second carrier sandbox, only for the bulk order tests (they switch its rate limit). */
    bulkCarrier: {
      url: string;
      controlKey: string;
      alpha: { baseUrl: string; apiKey: string };
      beta: { baseUrl: string; apiKey: string };
    };
    /** The EasyPost-protocol sandbox served from Node: its base URL (an API's), and its controls (`controls`/...). */
    easypost: { url: string; baseUrl: string; controls: string; controlKey: string };
    /** The Shippo-protocol sandbox served from Node (same server as EasyPost's): base URL and controls. */
    shippo: { url: string; baseUrl: string; controls: string; controlKey: string };
    /** A stand-in for Resend's email API served from Node: its base URL (POST /emails) and the key it accepts. */
    resend: { url: string; apiKey: string };
    /** A loopback webhook receiver served from Node: records requests (GET /_received?path=), fails on request. */
    webhookReceiver: { url: string };
    /** A loopback probe of the resident memory of the workerd process that calls it (node/memory-probe.ts). */
    memoryProbe: { url: string };
  }
}

export {};
