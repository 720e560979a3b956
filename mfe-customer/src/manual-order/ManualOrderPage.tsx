import { addressQueries } from '@labeldesk/api-client';
import { LoadingState, PageHeader, Stack, useQuery } from '@labeldesk/ui';
import { BalanceBadge } from '../ordering/BalanceBadge';
import { pickerListOf } from '../ordering/use-service-choice';
import { ManualOrderForm } from './ManualOrderForm';
import { defaultSender } from './order-values';

/**
 * SPEC §2 Manual Order (+ §5 rules, §9 timings): the balance, then the order form. The form starts once the saved
 * addresses have answered (or failed), so the default sender address is its initial From block (SPEC §2/§9) rather than
 * something copied in later.
 */
export default function ManualOrderPage() {
  const savedQuery = useQuery({ ...addressQueries.list(), select: (res) => res.addresses });
  const saved = pickerListOf(savedQuery, 'Failed to load saved addresses');
  return (
    <Stack gap="lg">
      <PageHeader
        title="Create Order"
        description="Buy a single shipping label, paid from your balance."
        actions={<BalanceBadge testId="manual-order-balance" errorTestId="manual-order-balance-error" />}
      />
      {saved.loading ? (
        <LoadingState label="Loading your addresses..." />
      ) : (
        <ManualOrderForm saved={saved} initialSender={defaultSender(saved.data)} />
      )}
    </Stack>
  );
}
