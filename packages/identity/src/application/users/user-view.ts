import type { User, UserStatus } from '../../domain/users/user.aggregate.ts';

/** A user as use cases answer it: never the password hash. */
export interface UserView {
  readonly id: string;
  readonly email: string;
  readonly name: string | null;
  readonly company: string | null;
  readonly emailVerified: boolean;
  readonly status: UserStatus;
  readonly createdAt: Date;
}

export function userView(user: User): UserView {
  const { id, email, name, company, emailVerifiedAt, status, createdAt } = user.toSnapshot();
  return { id, email, name, company, emailVerified: emailVerifiedAt !== null, status, createdAt };
}
