import type { DepositListResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { totalPages } from '../../lib/list-query';
import { centsToUsd } from '../../lib/money';
import { presentDeposit } from '../../lib/presenters/transaction';
import { requireAdmin } from '../../middleware/auth';
import { listDeposits } from '../../use-cases/deposits/list-deposits';
import { depositsValidators } from './deposits.routes';

const factory = createFactory<AppEnv>();

export const adminList = factory.createHandlers(requireAdmin, depositsValidators.list, async (c) => {
  const query = c.req.valid('query');
  const { rows, total, totalDepositsCents } = await listDeposits(c.get('services'), { query });
  const body: DepositListResponse = {
    deposits: rows.map(presentDeposit),
    totalTransactions: total,
    totalDeposits: centsToUsd(totalDepositsCents),
    page: query.page,
    limit: query.limit,
    totalPages: totalPages(total, query.limit),
  };
  return c.json(body, 200);
});
