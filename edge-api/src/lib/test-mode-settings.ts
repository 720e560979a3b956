import { z } from 'zod';
import type { TestSandbox } from '../ports/label-provider';

/** Default of TEST_LABELS_PER_DAY: test labels (single and bulk rows) one account may make per UTC day. */
export const DEFAULT_TEST_LABELS_PER_DAY = 1000;
/** Test orders and bulk orders older than this are deleted by the maintenance job (README "Test mode"). */
export const TEST_DATA_RETENTION_DAYS = 30;

const MESSAGE = 'TEST_LABELS_PER_DAY must be a whole number from 0 to 1000000';

/** TEST_LABELS_PER_DAY as both entries read it; empty counts as unset; 0 turns test purchases off. */
export function testLabelsPerDay() {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z.coerce
      .number({ error: MESSAGE })
      .int(MESSAGE)
      .min(0, MESSAGE)
      .max(1_000_000, MESSAGE)
      .default(DEFAULT_TEST_LABELS_PER_DAY),
  );
}

const SANDBOXES_MESSAGE =
  'TEST_MODE_SANDBOXES must be JSON like {"generic":{"baseUrl":"https://…","apiKey":"…"},"easypost":{…},"shippo":{…}}';
const Sandbox = z.object({ baseUrl: z.url(), apiKey: z.string().min(1) }).strict();

/**
 * TEST_MODE_SANDBOXES (Workers; Node uses its embedded sandboxes): per provider kind, the sandbox a TEST-key order of
 * an API at a real upstream is sent to. Empty: none (test purchases of such APIs answer 503).
 */
export function testModeSandboxes() {
  return z
    .string()
    .trim()
    .default('')
    .transform((raw, ctx): Partial<Record<'generic' | 'easypost' | 'shippo', TestSandbox>> => {
      if (raw === '') return {};
      let json: unknown;
      try {
        json = JSON.parse(raw);
      } catch {
        ctx.addIssue({ code: 'custom', message: SANDBOXES_MESSAGE });
        return z.NEVER;
      }
      const parsed = z
        .object({ generic: Sandbox.optional(), easypost: Sandbox.optional(), shippo: Sandbox.optional() })
        .strict()
        .safeParse(json);
      if (!parsed.success) {
        ctx.addIssue({ code: 'custom', message: SANDBOXES_MESSAGE });
        return z.NEVER;
      }
      return Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined));
    });
}
