import type { LedgerEntryRow, User } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { newId } from '../../lib/ids';
import { usdText } from '../crypto/crypto-entries';
import { applyBalanceChange } from '../ledger/apply-balance-change';
import { notifyBalanceChanged } from '../notifications/notify-customer';
import { relayWebhookMessages } from '../webhooks/relay-webhook-messages';
import { balanceCreditedEvent } from '../webhooks/webhook-events';
import { webhookEventStatement } from '../webhooks/webhook-outbox';
import { getUserById } from './get-user-by-id';

export type AdminBalanceChange = { mode: 'set'; balanceCents: number } | { mode: 'add'; amountCents: number };

/**
 * An admin's change to a customer's balance (SPEC §4 balance modal), applied by the server as one ledger row naming
 * the admin and the reason: `add` credits the amount; `set` writes the difference to the balance at that very moment
 * as one credit or debit (computed inside the batch, so a top-up landing at the same time is never overwritten);
 * setting the balance it already has writes nothing (entry null).
 */
export async function adjustUserBalance(
  services: Services,
  input: {
    adminId: string;
    userId: string;
    change: AdminBalanceChange;
    reason?: string | undefined;
    requestKey?: string;
  },
): Promise<{ user: User; entry: LedgerEntryRow | null }> {
  // No read first: an unknown user makes the batch write nothing (set) or fail its CHECK (add → 404).
  const reason = input.reason?.trim() || null;
  const suffix = reason ? `: ${reason}` : '';
  // `balance.credited` is recorded by the same batch when it wrote a completed credit (the outbox).
  const entryId = newId('txn');
  const event = webhookEventStatement(
    services.db,
    balanceCreditedEvent(entryId, true),
    services.clock.now().toISOString(),
  );
  const entry = await applyBalanceChange(
    services,
    {
      userId: input.userId,
      entryId,
      change:
        input.change.mode === 'set'
          ? { kind: 'set', balanceCents: input.change.balanceCents }
          : { kind: 'amount', type: 'credit', amountCents: input.change.amountCents },
      method: 'admin_adjustment',
      description:
        input.change.mode === 'set'
          ? `Balance set to ${usdText(input.change.balanceCents)} by an admin${suffix}`
          : `Funds added by an admin${suffix}`,
      adminId: input.adminId,
      reason,
      ...(input.requestKey ? { idempotencyKey: `admin-balance:${input.adminId}:${input.requestKey}` } : {}),
    },
    { alsoRun: [event.statement] },
  );
  const user = await getUserById(services, input.userId);
  if (!user) throw new ApiError('not_found', 'User not found');
  if (entry?.id === entryId) {
    await relayWebhookMessages(services, [event.messageId]);
    await notifyBalanceChanged(services, entry, true);
  }
  return { user, entry };
}
