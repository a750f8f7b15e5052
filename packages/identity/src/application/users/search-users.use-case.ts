import { ResultAsync } from '@tuma/kernel';
import type { UserRepository } from './user.repository.port.ts';
import { userView, type UserView } from './user-view.ts';

/** The operator's search: users whose email or name contains the text, newest first. */
export class SearchUsers {
  constructor(private readonly users: UserRepository) {}

  execute(input: { readonly text: string; readonly limit: number }): ResultAsync<readonly UserView[], never> {
    return ResultAsync.fromSafePromise(this.users.search(input.text.trim(), input.limit)).map((users) => users.map(userView));
  }
}
