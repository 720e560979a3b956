import { REFERENCE_VENDOR_FILES, type ReferenceVendorFile } from '../../ports/reference-assets';

/**
 * The interactive API reference (public, no key, not rate-limited): the page, and the files it loads. Mounted under
 * /api/v1 ahead of the key middleware (routes/v1/v1.index.ts).
 */
export const apiReferenceRoutes = {
  page: '/reference',
  file: '/reference/:file',
} as const;

/** Our own two files (reference-page.ts). */
export const REFERENCE_OWN_FILES = ['reference.js', 'reference.css'] as const;
export type ReferenceOwnFile = (typeof REFERENCE_OWN_FILES)[number];

export const isOwnFile = (name: string): name is ReferenceOwnFile =>
  (REFERENCE_OWN_FILES as readonly string[]).includes(name);
export const isVendorFile = (name: string): name is ReferenceVendorFile =>
  (REFERENCE_VENDOR_FILES as readonly string[]).includes(name);

export const REFERENCE_FILE_NOT_FOUND_MESSAGE = 'No such file of the API reference';
