import type { Identity, IssuedSession } from '@tuma/identity';

/** How long a refresh's answer is handed to requests still carrying the token it replaced. */
const GRACE_MS = 60_000;

/**
 * The account service ends a session whose refresh token is presented twice (reuse detection).
 * A browser sends several requests at once with one cookie (a page and its asset, two tabs): the
 * first refreshes, the others get the same answer for a minute, in this process.
 */
export class RefreshOnce {
  private readonly recent = new Map<string, { readonly at: number; readonly answer: Promise<IssuedSession | undefined> }>();

  constructor(private readonly refreshSession: Identity['refreshSession']) {}

  refresh(refreshToken: string, now: number): Promise<IssuedSession | undefined> {
    for (const [token, entry] of this.recent) if (now - entry.at > GRACE_MS) this.recent.delete(token);
    const known = this.recent.get(refreshToken);
    if (known) return known.answer;
    const answer = (async () => {
      const result = await this.refreshSession.execute(refreshToken);
      return result.isOk() ? result.value : undefined;
    })();
    this.recent.set(refreshToken, { at: now, answer });
    return answer;
  }
}
