import type { User as UserJson } from '@labeldesk/contracts';
import type { User } from '../../db/schema';
import { centsToUsd } from '../money';

/** A user row as the API speaks it (contracts `User`): `_id`, decimal USD, never the password hash. */
export function presentUser(user: User): UserJson {
  return {
    _id: user.id,
    name: user.name,
    email: user.email,
    balance: centsToUsd(user.balanceCents),
    totalSpend: centsToUsd(user.totalSpendCents),
    createdAt: user.createdAt,
    isAdmin: user.isAdmin,
    address: user.address,
    city: user.city,
    state: user.state,
    zip: user.zip,
    country: user.country,
    emailVerified: user.emailVerifiedAt !== null,
  };
}
