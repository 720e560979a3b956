import { describe, expect, it } from 'vitest';
import { configFromEnv } from './config';

describe('Node config: payment settings', () => {
  it('without BTCPAY_URL needs nothing else (the embedded sandbox is used) and trims PUBLIC_URL', () => {
    const config = configFromEnv({ PUBLIC_URL: ' https://shop.example.com/ ' });
    expect(config.btcpayUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://shop.example.com');
    expect(configFromEnv({}).publicUrl).toBeUndefined();
  });

  it('with BTCPAY_URL requires the store id, the API key and a webhook secret, naming each variable', () => {
    expect(() => configFromEnv({ BTCPAY_URL: 'https://btcpay.example.com' })).toThrow(
      /BTCPAY_STORE_ID: BTCPAY_STORE_ID is required[\s\S]*BTCPAY_API_KEY: BTCPAY_API_KEY is required[\s\S]*BTCPAY_WEBHOOK_SECRET/,
    );
    const config = configFromEnv({
      BTCPAY_URL: 'https://btcpay.example.com/',
      BTCPAY_STORE_ID: 'store1',
      BTCPAY_API_KEY: 'key1',
      BTCPAY_WEBHOOK_SECRET: 'a-long-enough-secret',
    });
    expect(config).toMatchObject({
      btcpayUrl: 'https://btcpay.example.com',
      btcpayStoreId: 'store1',
      btcpayApiKey: 'key1',
      btcpayWebhookSecret: 'a-long-enough-secret',
    });
  });

  it('refuses URLs that are not http(s)', () => {
    expect(() => configFromEnv({ BTCPAY_URL: 'ftp://x' })).toThrow(/BTCPAY_URL: BTCPAY_URL must be an http\(s\) URL/);
    expect(() => configFromEnv({ PUBLIC_URL: 'localhost:8787' })).toThrow(/PUBLIC_URL/);
  });
});

describe('Node config: example placeholders are not secrets', () => {
  it('refuses a placeholder JWT_SECRET, PROVIDER_KEY_SECRET or API_KEY_SECRET by name', () => {
    const placeholder = 'change-me-to-a-random-string-of-at-least-32-characters';
    for (const name of ['JWT_SECRET', 'PROVIDER_KEY_SECRET', 'API_KEY_SECRET']) {
      expect(() => configFromEnv({ [name]: placeholder })).toThrow(`${name} is the example's placeholder`);
    }
    expect(configFromEnv({ JWT_SECRET: 'k7Qx9'.repeat(8) }).jwtSecret).toBe('k7Qx9'.repeat(8));
  });
});

describe('Node config: BULK_ROW_DEADLINE_HOURS', () => {
  it('defaults to 24 hours (unset or empty), takes whole hours from 1 to 24 and names the variable otherwise', () => {
    expect(configFromEnv({}).bulkRowDeadlineHours).toBe(24);
    expect(configFromEnv({ BULK_ROW_DEADLINE_HOURS: '' }).bulkRowDeadlineHours).toBe(24);
    expect(configFromEnv({ BULK_ROW_DEADLINE_HOURS: '2' }).bulkRowDeadlineHours).toBe(2);
    for (const bad of ['0', '25', '1.5', 'soon', '0x10']) {
      expect(() => configFromEnv({ BULK_ROW_DEADLINE_HOURS: bad }), bad).toThrow(/BULK_ROW_DEADLINE_HOURS/);
    }
  });
});
