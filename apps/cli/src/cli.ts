import { ACCOUNTS_TOKENS, type Account, type ApiKey } from '@tuma/accounts';
import { BILLING_TOKENS, type FxRate } from '@tuma/billing';
import type { ServerConfig } from '@tuma/server';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import type { Database } from '@tuma/mikro-orm-adapter';
import { apiViews, commandContext, defineCommand, parsed, readInvocation, renderHelp, required, text, UsageError, type CliCommand, type CliIo } from './command-table.ts';
import { pageOption, SENDER_ID_COMMANDS } from './sender-id-commands.ts';
import { RATE_LIMIT_COMMANDS } from './rate-limit-commands.ts';
import { TWO_WAY_COMMANDS } from './two-way-commands.ts';

export type { CliCommand, CliIo } from './command-table.ts';

const ACCOUNT_LIST_LIMIT = 100;

const accountView = (account: Account) => {
  const s = account.toSnapshot();
  return { id: s.id, email: s.email, status: s.status, is_admin: s.isAdmin, wallet_currency: s.walletCurrency, created_at: s.createdAt.toISOString() };
};

const fxRateView = (rate: FxRate) => ({
  from: rate.from,
  to: rate.to,
  rate: rate.rate,
  updated_at: rate.updatedAt.toISOString(),
  updated_by: rate.updatedBy,
});

const keyView = (apiKey: ApiKey, plaintext: string) => {
  const s = apiKey.toSnapshot();
  return { id: s.id, key: plaintext, prefix: s.prefix, name: s.name, scopes: [...s.scopes], environment: s.environment, created_at: s.createdAt.toISOString() };
};

const parseEnvironment = (text: string): 'live' | 'test' | undefined => (text === 'live' || text === 'test' ? text : undefined);
const parseBoolean = (text: string): boolean | undefined => (text === 'true' ? true : text === 'false' ? false : undefined);
const parseList = (text: string): string[] => text.split(',').map((item) => item.trim());

const accountStatusCommand = (name: string, summary: string, status: 'active' | 'suspended') =>
  defineCommand({
    name,
    summary,
    options: { account: required(text('<account id>')) },
    run: async ({ account }, { use, report }) => report(await use(ACCOUNTS_TOKENS.accounts).setAccountStatus.execute({ accountId: account, status }), accountView),
  });

/** Every operator command, in the order help lists them. */
export const COMMANDS: readonly CliCommand[] = [
  defineCommand({
    name: 'accounts:create',
    summary: 'Opens an account; its wallet is in --wallet-currency (default: DEFAULT_WALLET_CURRENCY).',
    options: { email: required(text('<email>')), 'wallet-currency': text('<ISO 4217>') },
    run: async ({ email, 'wallet-currency': walletCurrency }, { use, report }) =>
      report(await use(ACCOUNTS_TOKENS.accounts).createAccount.execute({ email, walletCurrency }), accountView),
  }),
  defineCommand({
    name: 'accounts:list',
    summary: `Accounts with their balances, ${ACCOUNT_LIST_LIMIT} per page, newest first.`,
    options: { search: text('<part of the email, or an account id>'), page: pageOption },
    run: async ({ search = '', page = 0 }, { use, print }) => {
      const { rows, total } = await use(BILLING_TOKENS.balanceReports).list({ page, limit: ACCOUNT_LIST_LIMIT, search });
      const accounts = rows.map((row) => ({
        id: row.accountId,
        email: row.email,
        status: row.status,
        currency: row.currency,
        balance: row.balance?.toDecimalString() ?? null,
      }));
      return print({ accounts, total, page }, () =>
        accounts.map((a) => `${a.id}  ${a.email}  ${a.status}  ${a.balance === null ? 'no wallet' : `${a.balance} ${a.currency}`}`),
      );
    },
  }),
  accountStatusCommand('accounts:suspend', "Suspends an account: its keys get 403 account_suspended.", 'suspended'),
  accountStatusCommand('accounts:unsuspend', 'Reactivates a suspended account.', 'active'),
  defineCommand({
    name: 'keys:create',
    summary: 'Issues an API key and prints it once: how to get keys again when the printed ones are lost.',
    options: {
      account: required(text('<account id>')),
      environment: required(parsed('<live|test>', parseEnvironment, 'must be live or test')),
      scopes: parsed('send,query,...', parseList, 'must be a comma-separated list of scopes'),
      name: text('<name>'),
    },
    run: async ({ account, environment, scopes, name }, { use, report }) =>
      report(await use(ACCOUNTS_TOKENS.accounts).issueApiKey.execute({ accountId: account, environment, scopes, name }), (issued) => keyView(issued.apiKey, issued.plaintext)),
  }),
  defineCommand({
    name: 'keys:revoke',
    summary: 'Revokes an API key.',
    options: { key: required(text('<key id>')) },
    run: async ({ key }, { use, report }) =>
      report(await use(ACCOUNTS_TOKENS.accounts).revokeApiKey.execute({ keyId: key }), (revoked) => {
        const s = revoked.toSnapshot();
        return { id: s.id, prefix: s.prefix, revoked_at: s.revokedAt?.toISOString() ?? null };
      }),
  }),
  defineCommand({
    name: 'fx:set',
    summary: 'Sets an exchange rate: 1 --from = --rate --to (docs/pricing.md).',
    options: { from: required(text('<ISO 4217>')), to: required(text('<ISO 4217>')), rate: required(text('<decimal>')) },
    run: async ({ from, to, rate }, { use, report }) => report(await use(BILLING_TOKENS.billing).setFxRate.execute({ from, to, rate, updatedBy: 'cli' }), fxRateView),
  }),
  defineCommand({
    name: 'fx:list',
    summary: 'Lists the exchange rates.',
    options: {},
    run: async (_values, { use, print }) => {
      const rates = (await use(BILLING_TOKENS.billing).listFxRates.execute()).unwrapOr([]).map(fxRateView);
      return print({ rates }, () => rates.map((r) => `${r.from} -> ${r.to}  ${r.rate}  (${r.updated_at}, ${r.updated_by ?? 'unknown'})`));
    },
  }),
  defineCommand({
    name: 'routes:update',
    summary: "Changes a route's price per segment, currency, activation, default sender ID or name.",
    options: {
      code: required(text('<SVC_CC>')),
      price: text('<decimal>'),
      currency: text('<ISO 4217>'),
      active: parsed('true|false', parseBoolean, 'must be true or false'),
      'sender-id': text('<id>'),
      name: text('<name>'),
    },
    run: async ({ code, price, currency, active, 'sender-id': senderId, name }, { use, report }) => {
      const { toRouteView } = await apiViews();
      return report(
        await use(MESSAGING_TOKENS.messaging).updateRoute.execute({ code, pricePerSegment: price, currency, isActive: active, senderIdDefault: senderId, name }),
        (route) => ({ ...toRouteView(route) }),
      );
    },
  }),
  ...SENDER_ID_COMMANDS,
  ...RATE_LIMIT_COMMANDS,
  ...TWO_WAY_COMMANDS,
];

/** The help, generated from the command table. */
export const USAGE = renderHelp(COMMANDS);

/** What a command runs on: the configuration, read only when a command runs (help needs none), and an already open database (tests). */
export interface CliRuntime {
  readonly config: () => ServerConfig | Promise<ServerConfig>;
  /** Otherwise the configured one is opened and closed. */
  readonly database?: Database;
}

/**
 * Runs one command; returns the process exit code (0 ok, 1 refused by the domain, 2 usage). The
 * server's modules are loaded only for a command, so that help and usage errors answer at once.
 */
export async function runCli(argv: readonly string[], io: CliIo, runtime: CliRuntime): Promise<number> {
  let invocation;
  try {
    invocation = readInvocation(argv, COMMANDS);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  }
  if (invocation.kind === 'help') {
    io.out(USAGE);
    return invocation.asked ? 0 : 2;
  }

  const { command, values, json } = invocation;
  const config = await runtime.config();
  const { buildContainer, jsonLogger, openDatabase, resolve } = await import('@tuma/server');
  const database = runtime.database ?? (await openDatabase(config));
  try {
    const container = buildContainer({ config, logger: jsonLogger('silent'), database });
    const context = commandContext((token) => resolve(container, token), io, json);
    return await database.withContext(() => command.run(values as never, context));
  } catch (error) {
    // Options that are fine one by one but not together: found by the command itself.
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  } finally {
    if (!runtime.database) await database.close();
  }
}
