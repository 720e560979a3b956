import { type BulkLabelLinkResponse, ORDER_MESSAGES } from '@labeldesk/contracts';
import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { ApiError } from '../../errors';
import { verifyBulkLabelLink } from '../../lib/label-links';
import { authenticate, bearerToken, requireUser } from '../../middleware/auth';
import { getBulkLabelDocument } from '../../use-cases/bulk-orders/get-bulk-label-document';
import { createBulkLabelLink } from '../../use-cases/bulk-orders/get-combined-labels';
import type { LabelAccess } from '../../use-cases/orders/get-label-document';
import { labelHeaders } from '../labels/labels.handlers';
import { bulkLabelsValidators } from './bulk-labels.routes';

const factory = createFactory<AppEnv>();

/** A valid link signed for this bulk order, else a session; with neither, 403 as for single labels. */
async function bulkLabelAccess(c: Context<AppEnv>, bulkOrderId: string): Promise<LabelAccess> {
  const services = c.get('services');
  const exp = c.req.query('exp');
  const sig = c.req.query('sig');
  if (exp !== undefined || sig !== undefined) {
    if (await verifyBulkLabelLink(services.config.jwtSecret, bulkOrderId, { exp, sig }, services.clock.now())) {
      return { kind: 'signed-link' };
    }
  }
  if (bearerToken(c)) return { kind: 'user', user: await authenticate(c) };
  throw new ApiError('forbidden', ORDER_MESSAGES.labelLinkInvalid);
}

export const get = factory.createHandlers(
  labelHeaders,
  bulkLabelsValidators.id,
  bulkLabelsValidators.format,
  async (c) => {
    const { id } = c.req.valid('param');
    const { format, dpi } = c.req.valid('query');
    const doc = await getBulkLabelDocument(c.get('services'), {
      bulkOrderId: id,
      access: await bulkLabelAccess(c, id),
      format,
      dpi,
    });
    // A ZPL file is for a printer, never shown: always an attachment.
    const disposition = c.req.query('download') === undefined && format !== 'zpl' ? 'inline' : 'attachment';
    return c.body(doc.body, 200, {
      'Content-Type': doc.contentType,
      'Content-Disposition': `${disposition}; filename="${doc.fileName}"`,
      'Content-Length': String(doc.size),
    });
  },
);

export const link = factory.createHandlers(labelHeaders, requireUser, bulkLabelsValidators.id, async (c) => {
  const body: BulkLabelLinkResponse = await createBulkLabelLink(c.get('services'), {
    bulkOrderId: c.req.valid('param').id,
    user: c.get('user'),
  });
  return c.json(body, 200);
});
