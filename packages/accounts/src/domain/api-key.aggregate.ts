import { newId } from '@tuma/kernel';

export const API_SCOPES = ['send', 'query', 'webhooks', 'two_way'] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export const DEFAULT_SCOPES: readonly ApiScope[] = ['send', 'query', 'webhooks'];

/** A mail key's permissions (`svc_k_`): send email, read what was sent, manage keys and domains. */
export const MAIL_SCOPES = ['send', 'read', 'manage'] as const;
export type MailScope = (typeof MAIL_SCOPES)[number];
export const DEFAULT_MAIL_SCOPES: readonly MailScope[] = ['send', 'read'];

/** A links key's scopes (`svc_l_`, docs/links.md "Keys"): read, write, or `*` (everything the links API does). */
export const LINKS_SCOPES = ['links:read', 'links:write', '*'] as const;
export type LinksScope = (typeof LINKS_SCOPES)[number];
export const DEFAULT_LINKS_SCOPES: readonly LinksScope[] = ['*'];

/** `admin` is granted to the operator key only; never issuable through the API. */
export type Scope = ApiScope | MailScope | LinksScope | 'admin';

export const KEY_ENVIRONMENTS = ['live', 'test'] as const;
export type KeyEnvironment = (typeof KEY_ENVIRONMENTS)[number];
/**
 * `customer`: an SMS platform key (`svc_live_`, `svc_test_`); `mail`: a mail API key (`svc_k_`,
 * always live: the mail API has no test mode); `links`: a links API key (`svc_l_`, live or test);
 * `operator`: ADMIN_API_KEY. Each API takes its kinds only.
 */
export type KeyKind = 'customer' | 'mail' | 'links' | 'operator';
/** The kinds an account's own keys have; the operator key is managed through ADMIN_API_KEY only. */
export type CustomerKeyKind = Exclude<KeyKind, 'operator'>;

/** last_used_at is written at most this often, so authentication is not a write per request. */
export const LAST_USED_RESOLUTION_MS = 60_000;

export interface ApiKeySnapshot {
  readonly id: string;
  readonly accountId: string;
  readonly name: string | null;
  readonly prefix: string;
  readonly secretHash: string;
  readonly scopes: readonly Scope[];
  readonly environment: KeyEnvironment;
  readonly kind: KeyKind;
  readonly lastUsedAt: Date | null;
  readonly revokedAt: Date | null;
  readonly createdAt: Date;
}

/** An API credential. Only its SHA-256 is stored; the plaintext is shown once at issue. */
export class ApiKey {
  private constructor(private state: ApiKeySnapshot) {}

  static issue(
    input: {
      accountId: string;
      prefix: string;
      secretHash: string;
      environment: KeyEnvironment;
      scopes: readonly Scope[];
      kind: KeyKind;
      name?: string | null;
    },
    now: Date,
  ): ApiKey {
    return new ApiKey({
      id: newId('key', now),
      accountId: input.accountId,
      name: input.name ?? null,
      prefix: input.prefix,
      secretHash: input.secretHash,
      scopes: [...new Set(input.scopes)],
      environment: input.environment,
      kind: input.kind,
      lastUsedAt: null,
      revokedAt: null,
      createdAt: now,
    });
  }

  static rehydrate(snapshot: ApiKeySnapshot): ApiKey {
    return new ApiKey({ ...snapshot, scopes: [...snapshot.scopes] });
  }

  get id(): string {
    return this.state.id;
  }

  get accountId(): string {
    return this.state.accountId;
  }

  get prefix(): string {
    return this.state.prefix;
  }

  get secretHash(): string {
    return this.state.secretHash;
  }

  get scopes(): readonly Scope[] {
    return this.state.scopes;
  }

  get environment(): KeyEnvironment {
    return this.state.environment;
  }

  get kind(): KeyKind {
    return this.state.kind;
  }

  get isRevoked(): boolean {
    return this.state.revokedAt !== null;
  }

  hasAnyScope(scopes: readonly Scope[]): boolean {
    return scopes.some((scope) => this.state.scopes.includes(scope));
  }

  revoke(now: Date): void {
    if (this.state.revokedAt === null) this.state = { ...this.state, revokedAt: now };
  }

  /** Records use; returns whether the stored value changed (and so is worth saving). */
  markUsed(now: Date): boolean {
    const last = this.state.lastUsedAt;
    if (last && now.getTime() - last.getTime() < LAST_USED_RESOLUTION_MS) return false;
    this.state = { ...this.state, lastUsedAt: now };
    return true;
  }

  toSnapshot(): ApiKeySnapshot {
    return { ...this.state, scopes: [...this.state.scopes] };
  }
}
