import { LABEL_FORMATS_BY_KIND, type LabelFormat } from '@labeldesk/contracts';
import { inArray } from 'drizzle-orm';
import type { OrderRow } from '../../db/schema';
import { shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';

type LabelSource = Pick<OrderRow, 'id' | 'apiId' | 'providerApiId' | 'status'>;

/**
 * The formats each order's label can be had in, by order id: LABEL_FORMATS_BY_KIND of the API that bought it (after a
 * failover, that one), as the label routes decide (read-label-file.ts), so the screens offer only what the service can
 * print. An order without a label has none; a label whose API was deleted since keeps its stored PDF only. One query
 * for any number of orders.
 */
export async function labelFormatsOf(services: Services, rows: LabelSource[]): Promise<Map<string, LabelFormat[]>> {
  const apiIds = [...new Set(rows.map((row) => row.providerApiId ?? row.apiId))];
  const kinds =
    apiIds.length === 0
      ? []
      : await services.db
          .select({ id: shippingApis.id, kind: shippingApis.kind })
          .from(shippingApis)
          .where(inArray(shippingApis.id, apiIds));
  const kindOf = new Map(kinds.map((api) => [api.id, api.kind]));
  const out = new Map<string, LabelFormat[]>();
  for (const row of rows) {
    if (row.status !== 'completed') {
      out.set(row.id, []);
      continue;
    }
    const kind = kindOf.get(row.providerApiId ?? row.apiId);
    out.set(row.id, kind ? [...LABEL_FORMATS_BY_KIND[kind]] : ['pdf']);
  }
  return out;
}
