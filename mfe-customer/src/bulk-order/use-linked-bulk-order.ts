import { bulkQueries } from '@labeldesk/api-client';
import type { BulkOrder } from '@labeldesk/contracts';
import { useSearchParams } from '@labeldesk/router';
import { useQuery } from '@labeldesk/ui';

/**
 * The bulk order a link names (`/bulk-order?bulkOrder=<id>`: the "bulk order finished" mail), to open its details:
 * null until it loads, and when there is no such link. `failed`: it could not be loaded (not found, or not the
 * customer's); `close()` drops the parameter so the details do not open again.
 */
export function useLinkedBulkOrder(): { bulk: BulkOrder | null; failed: boolean; close: () => void } {
  const [params, setParams] = useSearchParams();
  const id = params.get('bulkOrder');
  const detail = useQuery({ ...bulkQueries.detail(id ?? ''), enabled: id !== null });
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('bulkOrder');
    setParams(next, { replace: true });
  };
  return { bulk: id !== null ? (detail.data?.bulkOrder ?? null) : null, failed: id !== null && detail.isError, close };
}
