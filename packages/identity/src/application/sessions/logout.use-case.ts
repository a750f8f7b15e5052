
import { ResultAsync, type Clock, sha256Hex } from '@tuma/kernel';
import type { SessionRepository } from './session.repository.port.ts';

/** `POST /logout`: ends the session of the refresh token (current or replaced); an unknown token changes nothing. */
export class Logout {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  execute(refreshToken: string): ResultAsync<void, never> {
    return ResultAsync.fromSafePromise(this.logout(refreshToken));
  }

  private async logout(refreshToken: string): Promise<void> {
    const found = await this.sessions.findByTokenHash(await sha256Hex(refreshToken));
    if (found) await this.sessions.end(found.session.id, 'logout', this.clock.now());
  }
}
