import type { MarginsQuery } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { query } from './spec';

/**
 * Admin: margins per API and service for a period (/admin/pricing). Whatever changes prices or purchases (provider
 * configs, custom pricing, orders) lives under other keys; the page's own period change asks again, and a period left
 * while its answer was on the way has that request aborted.
 */
export const marginKeys = {
  all: ['admin', 'margins'] as const,
  period: (q: MarginsQuery) => [...marginKeys.all, q] as const,
};

export const marginQueries = {
  period: (q: MarginsQuery) => query(marginKeys.period(q), (signal) => api.adminMargins.margins(q, signal)),
};
