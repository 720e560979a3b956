import type { Deposit } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  DEPOSIT_CSV_COLUMNS,
  depositCsvFileName,
  depositStatus,
  depositsCsv,
  depositUser,
  titleCaseMethod,
} from './deposit-format';

const deposit = (over: Partial<Deposit> = {}): Deposit => ({
  _id: 'txn_01',
  transactionId: 'txn_01',
  amount: 25,
  description: 'Crypto top-up',
  createdAt: '2026-03-05T10:20:30.000Z',
  status: 'completed',
  metadata: { method: 'crypto', invoiceId: 'inv_1' },
  userDetails: { name: 'Ada Lovelace', email: 'ada@example.com' },
  user: { email: 'ada@example.com' },
  ...over,
});

describe('titleCaseMethod', () => {
  it('title-cases snake_case methods', () => {
    expect(titleCaseMethod('admin_adjustment')).toBe('Admin Adjustment');
    expect(titleCaseMethod('crypto')).toBe('Crypto');
    expect(titleCaseMethod('label_refund')).toBe('Label Refund');
    expect(titleCaseMethod('BANK__TRANSFER')).toBe('Bank Transfer');
    expect(titleCaseMethod('')).toBe('');
  });
});

describe('depositStatus', () => {
  it('shows completed green, pending yellow, anything else as failed red', () => {
    expect(depositStatus('completed')).toEqual({ label: 'Completed', color: 'green' });
    expect(depositStatus('pending')).toEqual({ label: 'Pending', color: 'yellow' });
    expect(depositStatus('failed')).toEqual({ label: 'Failed', color: 'red' });
    expect(depositStatus('expired')).toEqual({ label: 'Failed', color: 'red' });
  });
});

describe('depositUser', () => {
  it('is name and email, or the email alone without a name', () => {
    expect(depositUser(deposit())).toBe('Ada Lovelace (ada@example.com)');
    expect(depositUser(deposit({ userDetails: { name: ' ', email: 'x@example.com' } }))).toBe('x@example.com');
    expect(depositUser(deposit({ userDetails: { name: 'Bo', email: '' }, user: { email: 'bo@example.com' } }))).toBe(
      'Bo (bo@example.com)',
    );
  });
});

describe('depositsCsv', () => {
  it('writes exactly the seven columns, then one line per deposit', () => {
    const csv = depositsCsv([
      deposit(),
      deposit({
        _id: 'txn_02',
        transactionId: 'txn_02',
        amount: 100.5,
        description: 'Manual credit, approved',
        status: 'pending',
        metadata: { method: 'admin_adjustment', invoiceId: null },
      }),
    ]);
    expect(csv.split('\r\n')).toEqual([
      'Transaction ID,User,Amount,Method,Description,Date,Status',
      'txn_01,Ada Lovelace (ada@example.com),25.00,Crypto,Crypto top-up,2026-03-05T10:20:30.000Z,Completed',
      'txn_02,Ada Lovelace (ada@example.com),100.50,Admin Adjustment,"Manual credit, approved",2026-03-05T10:20:30.000Z,Pending',
    ]);
    expect(DEPOSIT_CSV_COLUMNS).toHaveLength(7);
  });

  it('neutralises spreadsheet formulas in any text cell but keeps negative amounts as numbers', () => {
    const csv = depositsCsv([
      deposit({
        amount: -12.5,
        description: '=HYPERLINK("http://evil.example","click")',
        userDetails: { name: '@SUM(A1)', email: 'evil@example.com' },
        status: 'failed',
      }),
    ]);
    const [, line] = csv.split('\r\n');
    expect(line).toBe(
      `txn_01,'@SUM(A1) (evil@example.com),-12.50,Crypto,"'=HYPERLINK(""http://evil.example"",""click"")",2026-03-05T10:20:30.000Z,Failed`,
    );
  });

  it('is just the header for no deposits', () => {
    expect(depositsCsv([])).toBe('Transaction ID,User,Amount,Method,Description,Date,Status');
  });
});

describe('depositCsvFileName', () => {
  it('is deposit-history-YYYY-MM-DD.csv for the local day', () => {
    expect(depositCsvFileName(new Date(2026, 0, 7, 23, 59))).toBe('deposit-history-2026-01-07.csv');
    expect(depositCsvFileName(new Date(2026, 11, 31, 0, 0))).toBe('deposit-history-2026-12-31.csv');
  });
});
