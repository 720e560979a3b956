/**
 * The interactive API reference (GET /api/v1/reference) runs Swagger UI, whose files we serve from our own origin (no
 * CDN): the `swagger-ui-dist` package's bundle and stylesheet. Where those files are read from depends on the runtime:
 * the package folder on Node (adapters/node/swagger-ui-files.ts), the Worker's static-assets binding on Workers
 * (adapters/workers/assets-reference-files.ts, wrangler.jsonc `assets`).
 */
export const REFERENCE_VENDOR_FILES = ['swagger-ui-bundle.js', 'swagger-ui.css'] as const;
export type ReferenceVendorFile = (typeof REFERENCE_VENDOR_FILES)[number];

export interface ReferenceAssets {
  /** The file's bytes, or null when the runtime cannot find it (a broken install or deployment). */
  read(file: ReferenceVendorFile): Promise<Uint8Array<ArrayBuffer> | ReadableStream | null>;
}
