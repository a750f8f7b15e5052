import { okAsync, ResultAsync } from '@tuma/kernel';
import type { AccountRepository } from './account.repository.port.ts';
import type { CreateAccount } from './create-account.use-case.ts';
import type { IssueApiKey } from './issue-api-key.use-case.ts';

export const DEMO_EMAIL = 'demo@tuma.local';

export interface DemoCredentials {
  readonly accountId: string;
  readonly email: string;
  readonly liveKey: string;
  readonly testKey: string;
}

/**
 * First start on an empty database: opens a demo account with a live and a test key so a newcomer
 * can call the API at once. Returns nothing when any customer account already exists.
 */
export class EnsureDemoAccount {
  constructor(
    private readonly accounts: AccountRepository,
    private readonly createAccount: CreateAccount,
    private readonly issueApiKey: IssueApiKey,
  ) {}

  execute(): ResultAsync<DemoCredentials | undefined, never> {
    return ResultAsync.fromSafePromise(this.accounts.countCustomers()).andThen((count) =>
      count > 0 ? okAsync(undefined) : ResultAsync.fromSafePromise(this.create()),
    );
  }

  private async create(): Promise<DemoCredentials> {
    const account = (await this.createAccount.execute({ email: DEMO_EMAIL })).match(
      (created) => created,
      (error) => {
        throw new Error(`Could not create the demo account: ${error.message}`);
      },
    );
    const issue = async (environment: 'live' | 'test') =>
      (await this.issueApiKey.execute({ accountId: account.id, environment, name: `demo ${environment}` })).match(
        (issued) => issued.plaintext,
        (error) => {
          throw new Error(`Could not issue the demo ${environment} key: ${error.message}`);
        },
      );
    return { accountId: account.id, email: account.email, liveKey: await issue('live'), testKey: await issue('test') };
  }
}
