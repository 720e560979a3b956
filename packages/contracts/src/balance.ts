import { z } from 'zod';
import { User } from './auth';
import { Pagination, UsdAmount } from './money';

export const TransactionStatus = z.enum(['pending', 'completed', 'failed']);
export type TransactionStatus = z.infer<typeof TransactionStatus>;
export const TransactionType = z.enum(['credit', 'debit']);

/** How money came or went: title-cased for display (SPEC §2 Deposit History: method title-cased from snake_case). */
export const TransactionMethod = z.enum(['crypto', 'admin_adjustment', 'label_purchase', 'label_refund']);
export type TransactionMethod = z.infer<typeof TransactionMethod>;

/** One ledger row as the customer sees it (SPEC §3 Transaction). Amounts in decimal USD. */
export const Transaction = z.object({
  _id: z.string(),
  transactionId: z.string(),
  description: z.string(),
  createdAt: z.string(),
  status: TransactionStatus,
  type: TransactionType,
  amount: z.number(),
  /** Balance right after this row was applied; null while pending or when it failed. */
  balanceAfter: z.number().nullable(),
  method: TransactionMethod,
  /** The processor invoice, order or admin action this row belongs to. */
  reference: z.string().nullable(),
});
export type Transaction = z.infer<typeof Transaction>;

export const BalanceResponse = z.object({ balance: z.number() });
export type BalanceResponse = z.infer<typeof BalanceResponse>;

export const TransactionListResponse = Pagination.extend({
  transactions: z.array(Transaction),
  totalTransactions: z.number().int(),
});
export type TransactionListResponse = z.infer<typeof TransactionListResponse>;

// Crypto top-ups ---------------------------------------------------------------------------------------------------

export const MIN_TOP_UP_USD = 1;
export const CreateInvoiceRequest = z.object({ amount: UsdAmount(MIN_TOP_UP_USD) });
export type CreateInvoiceRequest = z.input<typeof CreateInvoiceRequest>;
export const CreateInvoiceResponse = z.object({ transactionId: z.string(), paymentUrl: z.string() });
export type CreateInvoiceResponse = z.infer<typeof CreateInvoiceResponse>;

/** SPEC §3 Pending crypto payment. */
export const PendingCryptoPayment = z.object({
  transactionId: z.string(),
  invoiceId: z.string(),
  amount: z.number(),
  createdAt: z.string(),
  paymentUrl: z.string(),
});
export type PendingCryptoPayment = z.infer<typeof PendingCryptoPayment>;
export const PendingCryptoPaymentsResponse = z.object({ transactions: z.array(PendingCryptoPayment) });
export type PendingCryptoPaymentsResponse = z.infer<typeof PendingCryptoPaymentsResponse>;

export const RefreshPaymentResponse = z.object({
  status: TransactionStatus,
  /** USD credited (completed) or requested (pending, failed). */
  amount: z.number(),
  message: z.string(),
});
export type RefreshPaymentResponse = z.infer<typeof RefreshPaymentResponse>;

// Admin: customers and balances --------------------------------------------------------------------------------------

export const AdminUserListResponse = z.object({ users: z.array(User) });
export type AdminUserListResponse = z.infer<typeof AdminUserListResponse>;

/**
 * SPEC §4 "Balance admin modal: add (new = current + amount) or set (balance = amount)". The server applies the change
 * itself (no read-modify-write in the browser), as one ledger row naming the admin and the reason.
 */
const BalanceReason = z.string().trim().max(200, 'Reason must be 200 characters or fewer').optional();
const UpdateBalanceModes = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('set'), balance: UsdAmount(0.01), reason: BalanceReason }),
  z.object({ mode: z.literal('add'), amount: UsdAmount(0.01), reason: BalanceReason }),
]);
/** SPEC §7's own body: `{ balance }` sets the balance (the SPEC's client computed the new balance itself). */
type SpecBalanceBody = { balance: number; reason?: string | undefined };
/**
 * PATCH /api/admin/users/{id}/balance: the SPEC's `{ balance }` (set), or the extension `{ mode: 'set', balance }` /
 * `{ mode: 'add', amount }` (the server adds, so two admins adding at once both count).
 */
export const UpdateBalanceRequest = z.preprocess(
  (raw: z.input<typeof UpdateBalanceModes> | SpecBalanceBody) =>
    raw !== null && typeof raw === 'object' && !('mode' in raw) && 'balance' in raw ? { ...raw, mode: 'set' } : raw,
  UpdateBalanceModes,
);
export type UpdateBalanceRequest = z.input<typeof UpdateBalanceRequest>;
/** The change a valid body asks for, `mode` always spelled out. */
export type UpdateBalanceChange = z.output<typeof UpdateBalanceRequest>;
/**
 * SPEC §7 "returns updated user": the user's fields at the top level (as the SPEC's client reads them), plus the same
 * user under `user`, the ledger row written and a message.
 */
export const UpdateBalanceResponse = User.extend({
  user: User,
  /** The ledger row written, or null when the balance already had that value (nothing written). */
  transaction: Transaction.nullable(),
  message: z.string(),
});
export type UpdateBalanceResponse = z.infer<typeof UpdateBalanceResponse>;

// Admin: deposit history --------------------------------------------------------------------------------------------

/** SPEC §3 Deposit. */
export const Deposit = z.object({
  _id: z.string(),
  transactionId: z.string(),
  amount: z.number(),
  description: z.string(),
  createdAt: z.string(),
  status: TransactionStatus,
  metadata: z.object({ method: TransactionMethod, invoiceId: z.string().nullable() }),
  userDetails: z.object({ name: z.string(), email: z.string() }),
  user: z.object({ email: z.string() }),
});
export type Deposit = z.infer<typeof Deposit>;

export const DepositListResponse = Pagination.extend({
  deposits: z.array(Deposit),
  totalTransactions: z.number().int(),
  /** Sum of completed deposits matching the filters (all time without a date range), USD. */
  totalDeposits: z.number(),
});
export type DepositListResponse = z.infer<typeof DepositListResponse>;
