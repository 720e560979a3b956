import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook, webhookHeaders } from './webhook-signature';

describe('webhook signatures', () => {
  it('are the ones the reference library makes, for each secret, however the secrets alternate', async () => {
    const secrets = [newWebhookSecret(), newWebhookSecret()];
    const body = JSON.stringify({ id: 'msg_1', type: 'balance.credited', data: { amount: 5, note: 'é ✓' } });
    const timestamp = 1_780_000_000;
    for (const secret of [secrets[0], secrets[1], secrets[0], secrets[1]] as string[]) {
      const reference = new Webhook(secret).sign('msg_1', new Date(timestamp * 1000), body);
      expect(await signWebhook(secret, 'msg_1', timestamp, body)).toBe(reference);
    }
    // Two secrets (a rotation): two signatures, each verified by the reference library with its own secret.
    const headers = await webhookHeaders(secrets, 'msg_2', Math.floor(Date.now() / 1000), body);
    expect(headers['webhook-signature']?.split(' ')).toHaveLength(2);
    for (const secret of secrets) expect(new Webhook(secret).verify(body, headers)).toMatchObject({ id: 'msg_1' });
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
  });

  it('refuses a secret that is not a whsec_ one', async () => {
    await expect(signWebhook('not-a-secret', 'msg_1', 1, '{}')).rejects.toThrow(/whsec_/);
  });
});
