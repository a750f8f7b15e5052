import { atomically, currency, ok, ResultAsync, type Clock, type UnitOfWork, sha256Hex } from '@tuma/kernel';
import { Account } from '../domain/account.aggregate.ts';
import { ApiKey } from '../domain/api-key.aggregate.ts';
import { lookupPrefixOf } from '../domain/api-key-secret.ts';
import { Email } from '../domain/email.value-object.ts';
import type { AccountRepository } from './account.repository.port.ts';
import type { ApiKeyRepository } from './api-key.repository.port.ts';
import { AccessChangeAnnouncer } from './principal-cache.ts';

export const OPERATOR_EMAIL = 'operator@tuma.local';
export const OPERATOR_KEY_MIN_LENGTH = 24;
/** Processes of a fleet starting together race for the first registration; the losers run again. */
const REGISTER_ATTEMPTS = 3;

/**
 * Registers ADMIN_API_KEY (hashed) as the one operator key, owned by the operator account.
 * A different key registered earlier is revoked, so changing the variable rotates the key.
 */
export class RegisterOperatorKey {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly apiKeys: ApiKeyRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly announcer = new AccessChangeAnnouncer(),
  ) {}

  execute(plaintext: string): ResultAsync<ApiKey, never> {
    if (plaintext.length < OPERATOR_KEY_MIN_LENGTH) {
      throw new Error(`ADMIN_API_KEY must be at least ${OPERATOR_KEY_MIN_LENGTH} characters`);
    }
    return ResultAsync.fromSafePromise(this.registerOnce(plaintext));
  }

  /**
   * Several processes starting at once (a fleet, `TUMA_ROLE=api` and `worker`) each register the
   * key: all but one find nothing yet and insert, and the store's unique prefix (or operator email)
   * refuses the later ones, whose unit of work rolls back. Run again, they find the first one's key.
   */
  private async registerOnce(plaintext: string): Promise<ApiKey> {
    for (let attempt = 1; ; attempt++) {
      const revoked: string[] = [];
      try {
        const key = await atomically(this.unitOfWork, async () => ok(await this.register(plaintext, revoked)));
        for (const keyId of revoked) this.announcer.committed({ keyId });
        return key._unsafeUnwrap();
      } catch (error) {
        if (attempt >= REGISTER_ATTEMPTS) throw error;
      }
    }
  }

  private async register(plaintext: string, revoked: string[]): Promise<ApiKey> {
    const now = this.clock.now();
    const operator = await this.operatorAccount(now);
    const [prefix, secretHash] = await Promise.all([lookupPrefixOf(plaintext), sha256Hex(plaintext)]);
    let current: ApiKey | undefined;
    for (const key of await this.apiKeys.listActiveOperatorKeys()) {
      if (key.secretHash === secretHash) current = key;
      else {
        key.revoke(now);
        await this.apiKeys.save(key);
        await this.announcer.publish({ keyId: key.id });
        revoked.push(key.id);
      }
    }
    if (current) return current;
    const key = ApiKey.issue(
      { accountId: operator.id, prefix, secretHash, environment: 'live', scopes: ['admin'], kind: 'operator', name: 'ADMIN_API_KEY' },
      now,
    );
    await this.apiKeys.save(key);
    return key;
  }

  private async operatorAccount(now: Date): Promise<Account> {
    const existing = await this.accounts.findByEmail(OPERATOR_EMAIL);
    if (existing) return existing;
    const email = Email.create(OPERATOR_EMAIL);
    if (email.isErr()) throw new Error(email.error.message);
    const account = Account.open({ email: email.value, walletCurrency: currency('USD'), isAdmin: true }, now);
    await this.accounts.save(account);
    return account;
  }
}
