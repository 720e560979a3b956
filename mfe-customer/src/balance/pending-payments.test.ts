import type { PendingCryptoPayment } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { livePendingPayments, refreshOutcome } from './pending-payments';

const payment = (id: string, createdAt: string): PendingCryptoPayment => ({
  transactionId: id,
  invoiceId: `inv_${id}`,
  amount: 10,
  createdAt,
  paymentUrl: `https://pay.example.com/${id}`,
});

describe('livePendingPayments', () => {
  const now = new Date('2026-04-02T12:00:00.000Z');

  it('keeps payments younger than 24 h, newest first', () => {
    const list = [
      payment('old', '2026-04-01T11:59:59.000Z'),
      payment('a', '2026-04-01T12:00:01.000Z'),
      payment('b', '2026-04-02T11:00:00.000Z'),
      payment('edge', '2026-04-01T12:00:00.000Z'),
    ];
    expect(livePendingPayments(list, now).map((p) => p.transactionId)).toEqual(['b', 'a']);
  });

  it('drops rows with an unreadable date and leaves the input alone', () => {
    const list = [payment('bad', 'yesterday'), payment('ok', '2026-04-02T10:00:00.000Z')];
    expect(livePendingPayments(list, now).map((p) => p.transactionId)).toEqual(['ok']);
    expect(list).toHaveLength(2);
  });
});

describe('refreshOutcome', () => {
  it('a completed payment is credited: green, settled, reloads balance', () => {
    expect(refreshOutcome({ status: 'completed', amount: 25, message: 'Payment completed. $25.00 added.' })).toEqual({
      color: 'green',
      text: 'Payment completed. $25.00 added.',
      settled: true,
      credited: true,
    });
  });

  it('a payment still pending stays listed and shows the server message', () => {
    expect(refreshOutcome({ status: 'pending', amount: 25, message: 'Still waiting for payment' })).toEqual({
      color: 'yellow',
      text: 'Still waiting for payment',
      settled: false,
      credited: false,
    });
  });

  it("a failed payment says 'Payment failed: {message}' once and leaves the list", () => {
    expect(refreshOutcome({ status: 'failed', amount: 25, message: 'Invoice expired' })).toMatchObject({
      color: 'red',
      text: 'Payment failed: Invoice expired',
      settled: true,
      credited: false,
    });
    expect(refreshOutcome({ status: 'failed', amount: 25, message: 'Payment failed: invoice expired' }).text).toBe(
      'Payment failed: invoice expired',
    );
  });
});
