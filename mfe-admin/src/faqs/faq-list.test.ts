import type { Faq } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { applyMove, moveTarget, removeFaq, sortFaqs, upsertFaq } from './faq-list';

const faq = (id: string, order: number): Faq => ({
  _id: id,
  question: `Q ${id}`,
  answer: `A ${id}`,
  tags: [],
  order,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const ids = (list: Faq[]) => list.map((f) => `${f._id}:${f.order}`).join(' ');

const list = [faq('a', 1), faq('b', 2), faq('c', 3), faq('d', 4)];

describe('sortFaqs', () => {
  it('orders by order, then id, without touching the input', () => {
    const input = [faq('c', 2), faq('a', 3), faq('b', 2)];
    expect(ids(sortFaqs(input))).toBe('b:2 c:2 a:3');
    expect(ids(input)).toBe('c:2 a:3 b:2');
  });
});

describe('moveTarget', () => {
  it('is the position one place up or down', () => {
    expect(moveTarget(list, 'c', 'up')).toBe(2);
    expect(moveTarget(list, 'c', 'down')).toBe(4);
    expect(moveTarget(list, 'b', 'up')).toBe(1);
  });

  it('is null for the first moving up, the last moving down and an unknown id', () => {
    expect(moveTarget(list, 'a', 'up')).toBeNull();
    expect(moveTarget(list, 'd', 'down')).toBeNull();
    expect(moveTarget(list, 'zzz', 'up')).toBeNull();
  });
});

describe('applyMove', () => {
  it('moving up shifts the FAQs in between down one place', () => {
    expect(ids(applyMove(list, faq('d', 2)))).toBe('a:1 d:2 b:3 c:4');
  });

  it('moving down shifts the FAQs in between up one place', () => {
    expect(ids(applyMove(list, faq('a', 3)))).toBe('b:1 c:2 a:3 d:4');
  });

  it('a swap with the neighbour, as the move buttons do', () => {
    const target = moveTarget(list, 'b', 'down');
    expect(target).toBe(3);
    expect(ids(applyMove(list, { ...faq('b', target ?? 0), question: 'edited' }))).toBe('a:1 c:2 b:3 d:4');
  });

  it('a position past the end puts the FAQ last', () => {
    expect(ids(applyMove(list, faq('b', 99)))).toBe('a:1 c:2 d:3 b:4');
  });
});

describe('upsertFaq', () => {
  it('appends a new FAQ in its order', () => {
    expect(ids(upsertFaq(list, faq('e', 5)))).toBe('a:1 b:2 c:3 d:4 e:5');
  });

  it('replaces an edited FAQ in place', () => {
    const edited = { ...faq('b', 2), question: 'New question' };
    const next = upsertFaq(list, edited);
    expect(ids(next)).toBe('a:1 b:2 c:3 d:4');
    expect(next[1]?.question).toBe('New question');
  });
});

describe('removeFaq', () => {
  it('drops the FAQ and closes the gap', () => {
    expect(ids(removeFaq(list, 'b'))).toBe('a:1 c:2 d:3');
  });

  it('leaves the list as it was for an unknown id', () => {
    expect(ids(removeFaq(list, 'zzz'))).toBe('a:1 b:2 c:3 d:4');
  });
});
