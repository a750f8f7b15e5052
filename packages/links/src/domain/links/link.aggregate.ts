import { newId } from '@tuma/kernel';
import { mergeUtm, type Utm } from './utm.ts';

export type LinkEnvironment = 'live' | 'test';

export interface LinkSnapshot {
  readonly id: string;
  readonly accountId: string;
  /** Test-environment links are the test keys' own: listed, counted and analysed apart from live ones. */
  readonly environment: LinkEnvironment;
  /** A branded domain's id, or null for the default short domain (SHORT_BASE_URL). */
  readonly domainId: string | null;
  readonly slug: string;
  /** The screened target (http or https). */
  readonly url: string;
  readonly campaignId: string | null;
  readonly title: string | null;
  readonly tags: readonly string[];
  readonly expiresAt: Date | null;
  /** Where a click goes after `expiresAt` (else 410). */
  readonly expiredUrl: string | null;
  /** The scrypt hash of the link's password, never the password. */
  readonly passwordHash: string | null;
  readonly utm: Utm;
  /** Human clicks recorded so far (bots are not counted). */
  readonly clicks: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** What a click on the link gets now. */
export type LinkDestination =
  | { readonly kind: 'redirect'; readonly location: string }
  | { readonly kind: 'expired'; readonly location: string | null }
  | { readonly kind: 'password_required' };

/** The fields a link is created with or changed to (already screened and parsed). */
export type LinkChanges = Partial<Pick<LinkSnapshot, 'slug' | 'url' | 'campaignId' | 'title' | 'tags' | 'expiresAt' | 'expiredUrl' | 'passwordHash' | 'utm'>>;

/** A short link: a slug on a domain that redirects to a URL, until it expires, behind a password when it has one. */
/**
 * Targets by link state: a state is never changed in place (a change makes a new one), and the
 * redirects' cache hands out the same state until the link changes, so a hot link's UTM merge (a
 * URL parse) runs once rather than on every click.
 */
const TARGETS = new WeakMap<LinkSnapshot, string>();

export class Link {
  private constructor(private state: LinkSnapshot) {}

  static create(input: { accountId: string; environment: LinkEnvironment; domainId: string | null; slug: string; url: string } & LinkChanges, now: Date): Link {
    return new Link({
      id: newId('lnk', now),
      accountId: input.accountId,
      environment: input.environment,
      domainId: input.domainId,
      slug: input.slug,
      url: input.url,
      campaignId: input.campaignId ?? null,
      title: input.title ?? null,
      tags: [...new Set(input.tags ?? [])],
      expiresAt: input.expiresAt ?? null,
      expiredUrl: input.expiredUrl ?? null,
      passwordHash: input.passwordHash ?? null,
      utm: input.utm ?? {},
      clicks: 0,
      createdAt: now,
      updatedAt: now,
    });
  }

  static rehydrate(snapshot: LinkSnapshot): Link {
    return new Link(snapshot);
  }

  get id(): string {
    return this.state.id;
  }

  get slug(): string {
    return this.state.slug;
  }

  get hasPassword(): boolean {
    return this.state.passwordHash !== null;
  }

  get passwordHash(): string | null {
    return this.state.passwordHash;
  }

  change(changes: LinkChanges, now: Date): void {
    const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined)) as LinkChanges;
    const tags = defined.tags ? { tags: [...new Set(defined.tags)] } : {};
    this.state = { ...this.state, ...defined, ...tags, updatedAt: now };
  }

  /** Where a click goes at `now`: expired first (even behind a password), then the password page, else the target with its UTM. */
  destinationAt(now: Date): LinkDestination {
    if (this.state.expiresAt !== null && now.getTime() >= this.state.expiresAt.getTime()) return { kind: 'expired', location: this.state.expiredUrl };
    if (this.state.passwordHash !== null) return { kind: 'password_required' };
    return { kind: 'redirect', location: this.target() };
  }

  /** The target with the link's UTM parameters, once the password (if any) was given. */
  target(): string {
    let target = TARGETS.get(this.state);
    if (target === undefined) {
      target = mergeUtm(this.state.url, this.state.utm);
      TARGETS.set(this.state, target);
    }
    return target;
  }

  toSnapshot(): LinkSnapshot {
    return this.state;
  }
}
