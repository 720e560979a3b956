import { describe, expect, it } from 'vitest';
import { createLogger, type LogLevel, REDACTED } from './logger';

function capture(level?: LogLevel) {
  const lines: { level: LogLevel; line: string }[] = [];
  const log = createLogger({
    sink: (l, line) => lines.push({ level: l, line }),
    now: () => new Date('2026-11-28T12:00:00.000Z'),
    ...(level ? { level } : {}),
  });
  return { log, lines, parsed: () => lines.map((l) => JSON.parse(l.line) as Record<string, unknown>) };
}

describe('createLogger', () => {
  it('writes one JSON line per event with time, level, msg, the scope bindings and the fields', () => {
    const { log, lines, parsed } = capture();
    log.child({ requestId: 'req_1' }).child({ jobId: 'job_2' }).warn('order.outcome_unknown', { orderId: 'ord_3' });
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('warn');
    expect(lines[0]?.line).not.toContain('\n');
    expect(parsed()[0]).toEqual({
      time: '2026-11-28T12:00:00.000Z',
      level: 'warn',
      msg: 'order.outcome_unknown',
      requestId: 'req_1',
      jobId: 'job_2',
      orderId: 'ord_3',
    });
  });

  it('drops lines below its level', () => {
    const { log, parsed } = capture('warn');
    log.debug('a');
    log.info('b');
    log.warn('c');
    log.error('d');
    expect(parsed().map((l) => l.msg)).toEqual(['c', 'd']);
  });

  it('never prints a password, token, key or cookie, by field name or by shape inside text', () => {
    const { log, lines } = capture();
    log.error('provider.refused', {
      password: 'hunter2-hunter2',
      newPassword: 'x',
      apiKey: 'k1',
      api_key: 'k2',
      authorization: 'Bearer abc.def',
      csrfToken: 'c',
      cookies: [{ name: 's', value: 'v' }],
      nested: { provider: { secretKey: 'deep' } },
      reason: 'upstream said: invalid key ld_live_AbC123xyz for Bearer eyJhbGciOi.eyJzdWIi.sig and EZTK4f00b4r',
      err: new Error('401 from shippo: ShippoToken shippo_test_deadbeef refused; whsec_c2VjcmV0 too'),
      keyId: 'key_01H',
    });
    const line = lines[0]?.line ?? '';
    for (const secret of [
      'hunter2',
      'k1',
      'k2',
      'abc.def',
      'deep',
      'ld_live_AbC123xyz',
      'eyJhbGciOi',
      'EZTK4f00b4r',
      'shippo_test_deadbeef',
      'whsec_c2VjcmV0',
      '"v"',
    ]) {
      expect(line).not.toContain(secret);
    }
    const parsed = JSON.parse(line) as Record<string, unknown>;
    expect(parsed.password).toBe(REDACTED);
    expect(parsed.keyId).toBe('key_01H');
    expect(parsed.reason).toBe(`upstream said: invalid key ${REDACTED} for ${REDACTED} and ${REDACTED}`);
    expect((parsed.err as { name: string; message: string }).name).toBe('Error');
  });

  it('survives circular and deep values and cuts long text', () => {
    const { log, parsed } = capture();
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    let deep: Record<string, unknown> = {};
    const root = deep;
    for (let i = 0; i < 50; i++) {
      deep.next = {};
      deep = deep.next as Record<string, unknown>;
    }
    log.info('x', { loop, root, body: 'y'.repeat(10_000), n: 10n });
    const line = parsed()[0] as { loop: { self: unknown }; body: string; n: string };
    expect(line.loop.self).toBe('[circular]');
    expect(line.body.length).toBeLessThan(2_100);
    expect(line.n).toBe('10');
  });
});
