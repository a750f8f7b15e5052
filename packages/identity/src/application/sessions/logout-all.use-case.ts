import { ResultAsync, type Clock } from '@tuma/kernel';
import type { SessionRepository } from './session.repository.port.ts';

/** `POST /logout-all` (JWT): ends every session of the user, this one included; how many it ended. */
export class LogoutAll {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  execute(userId: string): ResultAsync<number, never> {
    return ResultAsync.fromSafePromise(this.sessions.endAll({ userId }, 'logout_all', this.clock.now()));
  }
}
