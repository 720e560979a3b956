import type { User } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { filterUsers, pageCount, pageOf, replaceUser, roleLabel } from './customer-list';

const user = (id: string, name: string, email: string, isAdmin = false): User => ({
  _id: id,
  name,
  email,
  balance: 10,
  totalSpend: 0,
  createdAt: '2026-01-01T00:00:00.000Z',
  isAdmin,
  address: null,
  city: null,
  state: null,
  zip: null,
  country: null,
});

const users = [
  user('usr_1', 'Ada Lovelace', 'ada@example.com'),
  user('usr_2', 'Grace Hopper', 'grace@navy.example', true),
  user('usr_3', 'Alan Turing', 'alan@example.org'),
];

describe('filterUsers', () => {
  it('matches name or email, ignoring case and surrounding spaces', () => {
    expect(filterUsers(users, '  GRACE ').map((u) => u._id)).toEqual(['usr_2']);
    expect(filterUsers(users, 'example.org').map((u) => u._id)).toEqual(['usr_3']);
    expect(filterUsers(users, 'a').map((u) => u._id)).toEqual(['usr_1', 'usr_2', 'usr_3']);
    expect(filterUsers(users, 'nobody')).toEqual([]);
  });

  it('returns everyone, as a copy, for an empty search', () => {
    const all = filterUsers(users, '');
    expect(all).toEqual(users);
    expect(all).not.toBe(users);
  });
});

describe('roleLabel', () => {
  it('names admins and customers', () => {
    expect(users.map(roleLabel)).toEqual(['Customer', 'Admin', 'Customer']);
  });
});

describe('pageCount / pageOf', () => {
  const items = Array.from({ length: 53 }, (_, i) => i);

  it('splits rows into pages, the last one partial', () => {
    expect(pageCount(53, 25)).toBe(3);
    expect(pageCount(0, 25)).toBe(1);
    expect(pageOf(items, 1, 25)).toEqual(items.slice(0, 25));
    expect(pageOf(items, 3, 25)).toEqual([50, 51, 52]);
  });

  it('clamps a page out of range (e.g. after a search shrank the list)', () => {
    expect(pageOf(items, 9, 25)).toEqual([50, 51, 52]);
    expect(pageOf(items, 0, 25)).toEqual(items.slice(0, 25));
  });
});

describe('replaceUser', () => {
  it('swaps in the changed user and keeps the order', () => {
    const changed = { ...users[1], balance: 99 } as User;
    const next = replaceUser(users, changed);
    expect(next.map((u) => u.balance)).toEqual([10, 99, 10]);
    expect(users[1]?.balance).toBe(10);
  });
});
