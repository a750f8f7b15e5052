import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Identity, IssuedSession, Member } from '@tuma/identity';
import type { Context, Next } from 'koa';
import type { SealedBox } from './sealed-box.ts';
import { RefreshOnce } from './refresh-once.ts';

/**
 * docs/dashboard.md, "Sessions": the console's own limits on top of the account service's session
 * (whose refresh token lives 30 days idle, 90 days at most). A browser left alone for 30 minutes,
 * or signed in for 12 hours, signs in again.
 */
export const CONSOLE_SESSION_POLICY = {
  cookieName: 'tuma_console',
  idleMs: 30 * 60 * 1000,
  absoluteMs: 12 * 60 * 60 * 1000,
  /** Operator access (the operator key entered once, docs/dashboard.md "Operator sign-in") lasts at most this long. */
  operatorMs: 60 * 60 * 1000,
} as const;

export interface Flash {
  readonly kind: 'info' | 'error';
  readonly text: string;
}

/**
 * A secret a form just made (a key, a password), kept sealed in the cookie for the one page the
 * redirect after the POST leads to: shown there once, so a reload neither shows it again nor
 * makes another.
 */
export interface ShownOnce {
  /** The console path of the page that shows it. */
  readonly page: string;
  readonly values: Readonly<Record<string, string>>;
}

/** What the sealed cookie holds: the CSRF secret, the times the timeouts count from, the account service's tokens once signed in. */
interface CookieState {
  readonly csrf: string;
  readonly created: number;
  readonly seen: number;
  readonly tokens?: { readonly access: string; readonly refresh: string };
  readonly flash?: Flash;
  readonly shownOnce?: ShownOnce;
  /** The operator key this signed-in member proved, by its id (never the key), and when that ends. */
  readonly operator?: { readonly keyId: string; readonly until: number };
}

const isCookieState = (value: unknown): value is CookieState => {
  const state = value as CookieState | undefined;
  return typeof state?.csrf === 'string' && typeof state.created === 'number' && typeof state.seen === 'number';
};

export type SessionIdentity = Pick<Identity, 'authenticateAccessToken' | 'refreshSession' | 'logout'>;

/** The visitor of one request: signed in or not, the form token, the message to show once. */
export class ConsoleSession {
  private changed = false;

  constructor(
    private state: CookieState,
    /** The signed-in member, the account service's answer to the access token this request. */
    public member: Member | undefined,
    private readonly now: () => number,
  ) {}

  get csrf(): string {
    return this.state.csrf;
  }

  get refreshToken(): string | undefined {
    return this.state.tokens?.refresh;
  }

  /** The message a redirect left for this page (shown once). */
  takeFlash(): Flash | undefined {
    const flash = this.state.flash;
    if (flash) this.update({ ...this.state, flash: undefined });
    return flash;
  }

  flash(flash: Flash): void {
    this.update({ ...this.state, flash });
  }

  /** Keeps `values` for `page`, the page the redirect after this POST leads to. */
  showOnce(page: string, values: Readonly<Record<string, string>>): void {
    this.update({ ...this.state, shownOnce: { page, values } });
  }

  /** What a POST left for this page to show, once; any other page leaves it, and the next visit of this one finds nothing. */
  takeShownOnce(page: string): Readonly<Record<string, string>> | undefined {
    const kept = this.state.shownOnce;
    if (!kept || kept.page !== page) return undefined;
    this.update({ ...this.state, shownOnce: undefined });
    return kept.values;
  }

  /** A login's tokens: a new CSRF secret and new timeouts (nothing from before the sign-in carries over). */
  signIn(issued: Pick<IssuedSession, 'accessToken' | 'refreshToken'>, member: Member): void {
    const now = this.now();
    this.member = member;
    this.update({ csrf: newCsrf(), created: now, seen: now, tokens: { access: issued.accessToken, refresh: issued.refreshToken } });
  }

  /**
   * The account switcher's new session (another account of the same user): new tokens and a new
   * form token; the sign-in's time is kept, so switching never extends the absolute timeout.
   */
  switchAccount(issued: Pick<IssuedSession, 'accessToken' | 'refreshToken'>, member: Member): void {
    const now = this.now();
    this.member = member;
    this.update({ ...this.state, csrf: newCsrf(), seen: now, tokens: { access: issued.accessToken, refresh: issued.refreshToken } });
  }

  signOut(): void {
    const now = this.now();
    this.member = undefined;
    this.update({ csrf: newCsrf(), created: now, seen: now, flash: this.state.flash });
  }

  /** The operator key id this session proved, while its hour lasts. */
  operatorKeyId(now: number): string | undefined {
    const operator = this.state.operator;
    return operator && this.member && operator.until > now ? operator.keyId : undefined;
  }

  /** Operator access for this signed-in session (the key's id, for an hour at most). */
  becomeOperator(keyId: string, now: number): void {
    this.update({ ...this.state, operator: { keyId, until: now + CONSOLE_SESSION_POLICY.operatorMs } });
  }

  endOperator(): void {
    if (this.state.operator) this.update({ ...this.state, operator: undefined });
  }

  tokensRotated(tokens: { access: string; refresh: string }): void {
    this.update({ ...this.state, tokens });
  }

  /** Whether `token` is this session's form token (constant time). */
  acceptsCsrf(token: string | undefined): boolean {
    if (!token) return false;
    const expected = Buffer.from(this.state.csrf);
    const given = Buffer.from(token);
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  /** The state to write back, with `seen` moved to now for a signed-in visitor; undefined when nothing needs writing. */
  toWrite(now: number): CookieState | undefined {
    if (this.member) return { ...this.state, seen: now };
    return this.changed ? this.state : undefined;
  }

  private update(state: CookieState): void {
    this.state = state;
    this.changed = true;
  }
}

const newCsrf = (): string => randomBytes(24).toString('base64url');

export interface ConsoleSessionOptions {
  readonly box: SealedBox;
  readonly identity: SessionIdentity;
  readonly now: () => number;
  /** The cookie's path: the console's base path. */
  readonly path: string;
}

/** The state of a visitor without a (usable) cookie. */
const fresh = (now: number): CookieState => ({ csrf: newCsrf(), created: now, seen: now });

/**
 * Reads the sealed cookie into `ctx.state.console` (a `ConsoleSession`) and writes it back after
 * the page: HttpOnly, SameSite=Lax, Secure when the request came over https. A signed-in cookie
 * past the idle or absolute timeout ends its account-service session; an access token past its 15
 * minutes is renewed with the refresh token (once per token, however many requests carry it).
 */
export function consoleSession(options: ConsoleSessionOptions) {
  const refreshOnce = new RefreshOnce(options.identity.refreshSession);
  return async (ctx: Context, next: Next) => {
    const now = options.now();
    const opened = options.box.open(ctx.cookies.get(CONSOLE_SESSION_POLICY.cookieName));
    const state = isCookieState(opened) ? opened : undefined;
    const session = new ConsoleSession(state ?? fresh(now), undefined, options.now);
    if (!state) {
      session.signOut();
    } else if (state.tokens && (now - state.seen > CONSOLE_SESSION_POLICY.idleMs || now - state.created > CONSOLE_SESSION_POLICY.absoluteMs)) {
      await options.identity.logout.execute(state.tokens.refresh);
      session.signOut();
      session.flash({ kind: 'info', text: 'Your session timed out: sign in again.' });
    } else if (state.tokens) {
      session.member = await authenticated(state.tokens, session, options.identity, refreshOnce, now);
    }
    ctx.state.console = session;
    try {
      await next();
    } finally {
      const toWrite = session.toWrite(options.now());
      if (toWrite) ctx.cookies.set(CONSOLE_SESSION_POLICY.cookieName, options.box.seal(toWrite), { httpOnly: true, sameSite: 'lax', secure: ctx.secure, path: options.path, overwrite: true });
    }
  };
}

/** The member of the cookie's tokens, renewing the access token when it has run out; none when the session has ended. */
async function authenticated(
  tokens: NonNullable<CookieState['tokens']>,
  session: ConsoleSession,
  identity: SessionIdentity,
  refreshOnce: RefreshOnce,
  now: number,
): Promise<Member | undefined> {
  const direct = await identity.authenticateAccessToken.execute(tokens.access);
  if (direct.isOk()) return direct.value;
  const renewed = await refreshOnce.refresh(tokens.refresh, now);
  if (renewed) {
    const member = await identity.authenticateAccessToken.execute(renewed.accessToken);
    if (member.isOk()) {
      session.tokensRotated({ access: renewed.accessToken, refresh: renewed.refreshToken });
      return member.value;
    }
  }
  session.signOut();
  return undefined;
}

export const consoleSessionOf = (ctx: Context): ConsoleSession => ctx.state.console as ConsoleSession;
