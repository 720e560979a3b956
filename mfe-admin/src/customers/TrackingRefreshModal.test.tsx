// @vitest-environment happy-dom

import type { RefreshStatsResponse, TrackingRefreshRun } from '@labeldesk/contracts';
import { renderWithUi, screen, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { TrackingRefreshModal } from './TrackingRefreshModal';
import { customerFixture } from './test-fixtures';

const customer = customerFixture(7, { _id: 'usr_fay', name: 'Fay Figures' });

const run: TrackingRefreshRun = {
  runId: 'trr_1',
  userId: 'usr_fay',
  status: 'completed',
  batchDelay: 2000,
  requestDelay: 1000,
  forceAll: true,
  processed: 19,
  startedAt: '2026-11-28T12:00:00.000Z',
  finishedAt: '2026-11-28T12:00:30.000Z',
  error: null,
  stats: {
    totalOrders: 19,
    updated: 19,
    newlyDelivered: 1,
    pending: 0,
    inTransit: 15,
    delivered: 3,
    exception: 1,
    cancelled: 0,
    errors: 0,
    statusChanges: [],
    duration: 30,
  },
};

const stats: RefreshStatsResponse = {
  userStats: {
    totalOrders: 19,
    deliveredOrders: 3,
    inTransitOrders: 15,
    pendingOrders: 0,
    exceptionOrders: 1,
    cancelledOrders: 0,
    deliveryRate: 15.8,
    recentlyUpdated: 19,
  },
  latestRun: run,
};

const n = (testId: string) => Number(screen.getByTestId(testId).textContent);

describe('Tracking refresh statistics', () => {
  it("count each of the customer's 19 labels once, exceptions included, and Pending is one number", async () => {
    stubApi({
      'GET /api/tracking/refresh-stats/usr_fay': { json: stats },
      'GET /api/tracking/refresh-runs/trr_1': { json: run },
    });
    renderWithUi(<TrackingRefreshModal opened user={customer} onClose={() => {}} />);
    await screen.findByTestId('tracking-user-stats');
    expect(n('stat-exceptions')).toBe(1);
    expect(n('stat-cancelled')).toBe(0);
    const customerBuckets = ['stat-pending', 'stat-in-transit', 'stat-delivered', 'stat-exceptions', 'stat-cancelled'];
    expect(customerBuckets.map(n).reduce((a, b) => a + b, 0)).toBe(n('stat-total'));

    await waitFor(() =>
      expect(screen.getByTestId('tracking-refresh-run').getAttribute('data-status')).toBe('completed'),
    );
    const runBuckets = ['run-pending', 'run-in-transit', 'run-delivered', 'run-exceptions', 'run-cancelled'];
    expect(runBuckets.map(n)).toEqual([0, 15, 3, 1, 0]);
    expect(runBuckets.map(n).reduce((a, b) => a + b, 0)).toBe(run.processed);
    // "Pending" is the same figure, under the same words, in both places.
    expect(n('run-pending')).toBe(n('stat-pending'));
    const pendingLabels = screen.getAllByText(/^Pending/).map((el) => el.textContent);
    expect(new Set(pendingLabels)).toEqual(new Set(['Pending (not dropped off)']));
  });
});
