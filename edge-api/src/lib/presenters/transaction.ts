import type { Deposit, PendingCryptoPayment, Transaction } from '@labeldesk/contracts';
import type { LedgerEntryRow } from '../../db/schema';
import type { DepositRow } from '../../use-cases/deposits/list-deposits';
import { centsToUsd } from '../money';

/** A ledger row as the API speaks it (contracts `Transaction`): `_id` and `transactionId` are the row id, USD. */
export function presentTransaction(entry: LedgerEntryRow): Transaction {
  return {
    _id: entry.id,
    transactionId: entry.id,
    description: entry.description,
    createdAt: entry.createdAt,
    status: entry.status,
    type: entry.type,
    amount: centsToUsd(entry.amountCents),
    balanceAfter: entry.balanceAfterCents === null ? null : centsToUsd(entry.balanceAfterCents),
    method: entry.method,
    reference: entry.reference,
  };
}

/** SPEC §3 Pending crypto payment: the amount asked for and the processor's checkout page. */
export function presentPendingCryptoPayment(entry: LedgerEntryRow): PendingCryptoPayment {
  return {
    transactionId: entry.id,
    invoiceId: entry.reference ?? '',
    amount: centsToUsd(entry.requestedCents ?? entry.amountCents),
    createdAt: entry.createdAt,
    paymentUrl: entry.paymentUrl ?? '',
  };
}

/** SPEC §3 Deposit. */
export function presentDeposit(row: DepositRow): Deposit {
  const { entry } = row;
  return {
    _id: entry.id,
    transactionId: entry.id,
    amount: centsToUsd(entry.amountCents),
    description: entry.description,
    createdAt: entry.createdAt,
    status: entry.status,
    metadata: { method: entry.method, invoiceId: entry.method === 'crypto' ? entry.reference : null },
    userDetails: { name: row.userName, email: row.userEmail },
    user: { email: row.userEmail },
  };
}
