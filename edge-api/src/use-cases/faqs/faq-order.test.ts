import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type TestServices, testServices } from '../../adapters/node/test-support';
import { createFaq } from './create-faq';
import { deleteFaq } from './delete-faq';
import { listFaqs } from './list-faqs';
import { updateFaq } from './update-faq';

type Op = { kind: 'create' } | { kind: 'move'; index: number; to: number } | { kind: 'delete'; index: number };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 3, arbitrary: fc.constant({ kind: 'create' as const }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('move' as const),
      index: fc.nat(20),
      to: fc.integer({ min: 1, max: 25 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('delete' as const), index: fc.nat(20) }) },
);

describe('FAQ order (real database)', () => {
  it('stays 1..n and matches a simple list model under any sequence of create, move and delete', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(op, { maxLength: 25 }), async (ops) => {
        const t: TestServices = await testServices();
        try {
          const model: string[] = [];
          let counter = 0;
          for (const o of ops) {
            if (o.kind === 'create') {
              const faq = await createFaq(t.services, { question: `Q${counter++}`, answer: 'A', tags: [] });
              model.push(faq.id);
            } else if (model.length > 0) {
              const id = model[o.index % model.length] as string;
              if (o.kind === 'delete') {
                await deleteFaq(t.services, id);
                model.splice(model.indexOf(id), 1);
              } else {
                await updateFaq(t.services, id, { order: o.to });
                model.splice(model.indexOf(id), 1);
                model.splice(Math.min(o.to, model.length + 1) - 1, 0, id);
              }
            }
          }
          const rows = await listFaqs(t.services);
          expect(rows.map((r) => r.sortOrder)).toEqual(rows.map((_, i) => i + 1));
          expect(rows.map((r) => r.id)).toEqual(model);
        } finally {
          await t.cleanup();
        }
      }),
      { numRuns: 40 },
    );
  });
});
