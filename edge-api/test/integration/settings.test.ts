import { AppSettings, PublicSettings } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, startTestServer, type TestServer } from './helpers';

describe('settings', () => {
  let server: TestServer;
  let admin: string;
  let customer: string;
  beforeAll(async () => {
    server = await startTestServer({ supportEmail: 'help@labeldesk.test' });
    admin = (await loginAdmin(server)).token;
    customer = (await register(server, { name: 'C', email: 'c@example.com', password: 'pw-12345' })).token;
  });
  afterAll(() => server.stop());

  it('serves public settings without a session: empty links at first, the configured support email', async () => {
    const res = await call(server, 'GET', '/api/settings/public-settings');
    expect(res.status).toBe(200);
    expect(PublicSettings.parse(res.body)).toEqual({
      discordInviteLink: '',
      telegramInviteLink: '',
      supportEmail: 'help@labeldesk.test',
    });
  });

  it('lets an admin set the invite links, which the public settings then show', async () => {
    const put = await call(server, 'PUT', '/api/settings/app-settings', {
      token: admin,
      json: { discordInviteLink: ' https://discord.gg/labeldesk ', telegramInviteLink: 'https://t.me/labeldesk' },
    });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({
      discordInviteLink: 'https://discord.gg/labeldesk',
      telegramInviteLink: 'https://t.me/labeldesk',
      requireAdminTwoFactor: false,
      message: 'Settings updated successfully',
    });
    const get = await call(server, 'GET', '/api/settings/app-settings', { token: admin });
    expect(AppSettings.parse(get.body)).toEqual({
      discordInviteLink: 'https://discord.gg/labeldesk',
      telegramInviteLink: 'https://t.me/labeldesk',
      requireAdminTwoFactor: false,
    });
    const pub = await call(server, 'GET', '/api/settings/public-settings');
    expect(pub.body).toMatchObject({ discordInviteLink: 'https://discord.gg/labeldesk' });
  });

  it('refuses a link on another host with the contract text and keeps the old value', async () => {
    const put = await call(server, 'PUT', '/api/settings/app-settings', {
      token: admin,
      json: { discordInviteLink: 'https://evil.example/discord.gg/x', telegramInviteLink: '' },
    });
    expect(put.status).toBe(400);
    const { error } = errorOf(put);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Discord link must start with https://discord.gg/ or https://discord.com/invite/');
    expect(error.details[0]?.path).toBe('discordInviteLink');
    const pub = await call(server, 'GET', '/api/settings/public-settings');
    expect(pub.body).toMatchObject({
      discordInviteLink: 'https://discord.gg/labeldesk',
      telegramInviteLink: 'https://t.me/labeldesk',
    });
  });

  it('keeps app-settings to admins: anonymous 401, customer 403', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      const json = method === 'PUT' ? { discordInviteLink: '', telegramInviteLink: '' } : undefined;
      const anon = await call(server, method, '/api/settings/app-settings', { json });
      expect(anon.status).toBe(401);
      expect(errorOf(anon).expired).toBe(true);
      const cust = await call(server, method, '/api/settings/app-settings', { token: customer, json });
      expect(cust.status).toBe(403);
      expect(errorOf(cust).error.code).toBe('forbidden');
    }
    // The customer's PUT changed nothing.
    const pub = await call(server, 'GET', '/api/settings/public-settings');
    expect(pub.body).toMatchObject({ discordInviteLink: 'https://discord.gg/labeldesk' });
  });
});
