import {
  LABEL_FORMATS_BY_KIND,
  LABEL_MESSAGES,
  type LabelFormat,
  ORDER_MESSAGES,
  ZPL_DPIS_BY_KIND,
  type ZplDpi,
} from '@labeldesk/contracts';
import type { OrderRow } from '../../db/schema';
import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import type { ReadBuffer } from '../../ports/blob-store';
import { getLabelSettings } from '../label-settings/label-settings';
import { connectProvider } from '../shipping-apis/connect-provider';
import { findApiConfig } from '../shipping-apis/get-api-config';
import { callProvider } from '../shipping-apis/provider-errors';
import { type LabelAccess, type LabelPdfSource, labelOrder, readLabelPdf } from './get-label-document';

/** Where one label is kept in a format other than its PDF (the PDF keeps labelBlobKey's `labels/<id>.pdf`). */
export const labelFileBlobKey = (orderId: string, format: 'png' | 'zpl', dpi: ZplDpi): string =>
  format === 'zpl' ? `labels/${orderId}.${dpi}dpi.zpl` : `labels/${orderId}.png`;

/**
 * API configs of one run, per id: a bulk document reads thousands of labels of a handful of APIs, and looks each up
 * once (a config that changes during the run is seen by the next run).
 */
export type ApiConfigs = Map<string, Promise<ShippingApiRow | undefined>>;

const CONTENT_TYPES = { png: 'image/png', zpl: 'application/zpl' } as const;

/**
 * A bought label as PNG or ZPL, from the provider that bought it (the API of a failover, else the chosen one) and
 * rendered by it — never converted here. Kept in the blob store after the first read (a failed store is only logged).
 * A format the API's kind does not give (LABEL_FORMATS_BY_KIND), or ZPL at a resolution it does not print
 * (ZPL_DPIS_BY_KIND), is refused with 400, whatever is stored.
 */
export async function readLabelFile(
  services: Services,
  order: LabelPdfSource,
  format: 'png' | 'zpl',
  dpi: ZplDpi,
  apis?: ApiConfigs,
  into?: ReadBuffer,
): Promise<Uint8Array> {
  const apiId = order.providerApiId ?? order.apiId;
  let config = apis?.get(apiId);
  if (!config) {
    config = findApiConfig(services, apiId);
    apis?.set(apiId, config);
  }
  const api = await config;
  const key = labelFileBlobKey(order.id, format, dpi);
  if (api && !LABEL_FORMATS_BY_KIND[api.kind].includes(format)) {
    throw new ApiError('invalid_input', LABEL_MESSAGES.formatNotOffered(format));
  }
  if (api && format === 'zpl' && !ZPL_DPIS_BY_KIND[api.kind].includes(dpi)) {
    throw new ApiError('invalid_input', LABEL_MESSAGES.zplDpiNotOffered(dpi, ZPL_DPIS_BY_KIND[api.kind]));
  }
  const stored = await services.blobs.getBytes(key, into).catch((err: unknown) => {
    services.log.warn('order.stored_label_unreadable', { orderId: order.id, format, err });
    return null;
  });
  if (stored) return stored;
  if (!api) {
    throw new ApiError('not_found', ORDER_MESSAGES.labelNotFound, {
      logMessage: `order ${order.id}: ${format} not stored and API config ${apiId} is gone`,
    });
  }
  const provider = await connectProvider(services, api, { livemode: order.livemode });
  const getFile = provider.getLabelFile?.bind(provider);
  if (!getFile) throw new ApiError('invalid_input', LABEL_MESSAGES.formatNotOffered(format));
  const body = await callProvider(() => getFile(order.providerLabelId ?? '', format, { dpi }));
  await services.blobs
    .put(key, body, CONTENT_TYPES[format])
    .catch((err: unknown) => services.log.warn('order.label_not_stored', { orderId: order.id, format, err }));
  return body;
}

/**
 * The label of an order the caller may open, in `format` (see labelOrder, readLabelPdf and readLabelFile); without a
 * format or dpi, those of the order owner's label settings.
 */
export async function getLabelInFormat(
  services: Services,
  input: { orderId: string; access: LabelAccess; format?: LabelFormat | undefined; dpi?: ZplDpi | undefined },
): Promise<{ order: OrderRow; format: LabelFormat; body: Uint8Array }> {
  const order = await labelOrder(services, input);
  const owner =
    input.format === undefined || input.dpi === undefined ? await getLabelSettings(services, order.userId) : undefined;
  const format = input.format ?? owner?.labelFormat ?? 'pdf';
  const dpi = input.dpi ?? owner?.zplDpi ?? 203;
  const body =
    format === 'pdf' ? await readLabelPdf(services, order) : await readLabelFile(services, order, format, dpi);
  return { order, format, body };
}
