import { UpdateLabelSettingsRequest, WebLabelFormatQuery } from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams, queryParams } from '../../middleware/validate';

/**
 * Label documents of bought orders: the PDF inline, as an attachment, and a print view — opened by the owner or an
 * admin with a session, or by anyone holding a short-lived link signed for that label (`?exp&sig`, from POST .../link).
 */
export const labelsRoutes = {
  link: '/labels/:id/link',
  inline: '/labels/:id',
  download: '/labels/:id/download',
  print: '/labels/:id/print',
  /** The caller's label settings (default format and ZPL dpi), GET and PUT. */
  settings: '/label-settings',
} as const;

/** Every label answer, errors included: never cached, never leaks its signed URL through a Referer. */
export const LABEL_RESPONSE_HEADERS = {
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
} as const;

export const LabelIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export const labelsValidators = {
  id: pathParams(LabelIdParam),
  /** ?format=pdf|png|zpl and, for zpl, dpi=203|300 (the owner's settings when absent). */
  format: queryParams(WebLabelFormatQuery),
  settings: jsonBody(UpdateLabelSettingsRequest),
};
