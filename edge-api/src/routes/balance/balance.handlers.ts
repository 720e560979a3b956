import type { BalanceResponse, TransactionListResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { totalPages } from '../../lib/list-query';
import { centsToUsd } from '../../lib/money';
import { presentTransaction } from '../../lib/presenters/transaction';
import { requireUser } from '../../middleware/auth';
import { getBalance } from '../../use-cases/balance/get-balance';
import { listTransactions } from '../../use-cases/balance/list-transactions';
import { balanceValidators } from './balance.routes';

const factory = createFactory<AppEnv>();

export const balance = factory.createHandlers(requireUser, async (c) => {
  const cents = await getBalance(c.get('services'), { userId: c.get('user').id });
  const body: BalanceResponse = { balance: centsToUsd(cents) };
  return c.json(body, 200);
});

export const transactions = factory.createHandlers(requireUser, balanceValidators.list, async (c) => {
  const query = c.req.valid('query');
  const { rows, total } = await listTransactions(c.get('services'), { userId: c.get('user').id, query });
  const body: TransactionListResponse = {
    transactions: rows.map(presentTransaction),
    totalTransactions: total,
    page: query.page,
    limit: query.limit,
    totalPages: totalPages(total, query.limit),
  };
  return c.json(body, 200);
});
