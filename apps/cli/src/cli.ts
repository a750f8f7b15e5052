import { parseArgs } from 'node:util';
import { ACCOUNTS_TOKENS, type Account, type ApiKey } from '@tuma/accounts';
import { BILLING_TOKENS, type FxRate } from '@tuma/billing';
import { buildContainer, jsonLogger, openDatabase, resolve, type ServerConfig } from '@tuma/server';
import type { Result } from '@tuma/kernel';
import { MESSAGING_TOKENS, toRouteView } from '@tuma/messaging';
import type { Database } from '@tuma/mikro-orm-adapter';
import { parsePage, parseRequestId, parseStatus, SENDER_ID_LIST_LIMIT, SENDER_ID_USAGE, senderIdCliView, senderIdLine } from './sender-id-commands.ts';

export const USAGE = `Tuma operator CLI

Usage: npm run cli -- <command> [options] [--json]

Commands:
  accounts:create     --email <email> [--wallet-currency <ISO 4217>]
  accounts:list       [--search <part of the email, or an account id>] [--page <n>]   (100 per page, newest first, with balances)
  accounts:suspend    --account <account id>
  accounts:unsuspend  --account <account id>
  keys:create         --account <account id> --environment <live|test> [--scopes send,query,...] [--name <name>]
                      (prints the new key once: how to get keys again when the printed ones are lost)
  keys:revoke         --key <key id>
  fx:set              --from <ISO 4217> --to <ISO 4217> --rate <decimal>   (1 from = rate to)
  fx:list
  routes:update       --code <SVC_CC> [--price <decimal>] [--currency <ISO 4217>] [--active true|false] [--sender-id <id>] [--name <name>]
${SENDER_ID_USAGE}

Uses DATABASE_URL (PostgreSQL) or, without it, the embedded database in TUMA_DATA_DIR
(stop the server first: the embedded database allows one process at a time).`;

const ACCOUNT_LIST_LIMIT = 100;

export interface CliIo {
  readonly out: (text: string) => void;
  readonly err: (text: string) => void;
}

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

class UsageError extends Error {}

const required = (values: Record<string, string | boolean | undefined>, name: string): string => {
  const value = values[name];
  if (typeof value !== 'string' || value === '') throw new UsageError(`--${name} is required`);
  return value;
};

/** Runs one command; returns the process exit code (0 ok, 1 refused by the domain, 2 usage). */
export async function runCli(
  argv: readonly string[],
  config: ServerConfig,
  io: CliIo,
  /** An already open database (tests); otherwise the configured one is opened and closed. */
  shared?: Database,
): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      allowPositionals: true,
      options: {
        email: { type: 'string' },
        'wallet-currency': { type: 'string' },
        account: { type: 'string' },
        key: { type: 'string' },
        environment: { type: 'string' },
        scopes: { type: 'string' },
        name: { type: 'string' },
        from: { type: 'string' },
        to: { type: 'string' },
        rate: { type: 'string' },
        code: { type: 'string' },
        price: { type: 'string' },
        currency: { type: 'string' },
        active: { type: 'string' },
        'sender-id': { type: 'string' },
        id: { type: 'string' },
        reason: { type: 'string' },
        status: { type: 'string' },
        page: { type: 'string' },
        search: { type: 'string' },
        json: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    io.err(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  const { values, positionals } = parsed;
  const command = positionals[0];
  if (values.help || !command) {
    io.out(USAGE);
    return values.help ? 0 : 2;
  }

  const database = shared ?? (await openDatabase(config));
  try {
    const container = buildContainer({ config, logger: jsonLogger('silent'), database });
    const report = <T>(result: Result<T, { message: string; type: string }>, render: (value: T) => Record<string, unknown>): number => {
      if (result.isErr()) {
        io.err(values.json ? JSON.stringify({ error: { code: result.error.type, message: result.error.message } }) : `Error: ${result.error.message}`);
        return 1;
      }
      const view = render(result.value);
      io.out(values.json ? JSON.stringify(view) : Object.entries(view).map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(',') : v}`).join('\n'));
      return 0;
    };
    return await database.withContext(async () => {
      switch (command) {
        case 'accounts:create':
          return report(
            await resolve(container, ACCOUNTS_TOKENS.createAccount).execute({ email: required(values, 'email'), walletCurrency: values['wallet-currency'] }),
            accountView,
          );
        case 'accounts:suspend':
        case 'accounts:unsuspend':
          return report(
            await resolve(container, ACCOUNTS_TOKENS.setAccountStatus).execute({
              accountId: required(values, 'account'),
              status: command === 'accounts:suspend' ? 'suspended' : 'active',
            }),
            accountView,
          );
        case 'keys:create': {
          const environment = required(values, 'environment');
          if (environment !== 'live' && environment !== 'test') throw new UsageError('--environment must be live or test');
          return report(
            await resolve(container, ACCOUNTS_TOKENS.issueApiKey).execute({
              accountId: required(values, 'account'),
              environment,
              scopes: values.scopes?.split(',').map((scope) => scope.trim()),
              name: values.name,
            }),
            (issued) => keyView(issued.apiKey, issued.plaintext),
          );
        }
        case 'keys:revoke':
          return report(await resolve(container, ACCOUNTS_TOKENS.revokeApiKey).execute({ keyId: required(values, 'key') }), (key) => {
            const s = key.toSnapshot();
            return { id: s.id, prefix: s.prefix, revoked_at: s.revokedAt?.toISOString() ?? null };
          });
        case 'fx:set':
          return report(
            await resolve(container, BILLING_TOKENS.setFxRate).execute({
              from: required(values, 'from'),
              to: required(values, 'to'),
              rate: required(values, 'rate'),
              updatedBy: 'cli',
            }),
            fxRateView,
          );
        case 'accounts:list': {
          const page = values.page === undefined ? 0 : parsePage(values.page);
          if (page === undefined) throw new UsageError('--page must be a whole number (0 is the first page)');
          const { rows, total } = await resolve(container, BILLING_TOKENS.balanceReports).list({ page, limit: ACCOUNT_LIST_LIMIT, search: values.search ?? '' });
          const accounts = rows.map((row) => ({
            id: row.accountId,
            email: row.email,
            status: row.status,
            currency: row.currency,
            balance: row.balance?.toDecimalString() ?? null,
          }));
          io.out(
            values.json
              ? JSON.stringify({ accounts, total, page })
              : accounts.map((a) => `${a.id}  ${a.email}  ${a.status}  ${a.balance === null ? 'no wallet' : `${a.balance} ${a.currency}`}`).join('\n'),
          );
          return 0;
        }
        case 'fx:list': {
          const rates = (await resolve(container, BILLING_TOKENS.listFxRates).execute()).unwrapOr([]).map(fxRateView);
          io.out(values.json ? JSON.stringify({ rates }) : rates.map((r) => `${r.from} -> ${r.to}  ${r.rate}  (${r.updated_at}, ${r.updated_by ?? 'unknown'})`).join('\n'));
          return 0;
        }
        case 'routes:update': {
          const active = values.active;
          if (active !== undefined && active !== 'true' && active !== 'false') throw new UsageError('--active must be true or false');
          return report(
            await resolve(container, MESSAGING_TOKENS.updateRoute).execute({
              code: required(values, 'code'),
              pricePerSegment: values.price,
              currency: values.currency,
              isActive: active === undefined ? undefined : active === 'true',
              senderIdDefault: values['sender-id'],
              name: values.name,
            }),
            (route) => ({ ...toRouteView(route) }),
          );
        }
        case 'sender-ids:list': {
          const status = values.status === undefined ? undefined : parseStatus(values.status);
          if (values.status !== undefined && !status) throw new UsageError('--status must be pending, approved or rejected');
          const page = values.page === undefined ? 0 : parsePage(values.page);
          if (page === undefined) throw new UsageError('--page must be a whole number (0 is the first page)');
          const review = (
            await resolve(container, MESSAGING_TOKENS.reviewSenderIds).execute({ status, accountId: values.account, page, limit: SENDER_ID_LIST_LIMIT })
          ).unwrapOr({ items: [], total: 0 });
          io.out(values.json ? JSON.stringify({ sender_ids: review.items.map(senderIdCliView), total: review.total, page }) : review.items.map(senderIdLine).join('\n'));
          return 0;
        }
        case 'sender-ids:approve':
        case 'sender-ids:reject': {
          const id = parseRequestId(required(values, 'id'));
          if (id === undefined) throw new UsageError('--id must be a sender ID request id (a positive whole number)');
          const decision =
            command === 'sender-ids:approve'
              ? await resolve(container, MESSAGING_TOKENS.approveSenderId).execute({ id })
              : await resolve(container, MESSAGING_TOKENS.rejectSenderId).execute({ id, reason: required(values, 'reason') });
          return report(decision, senderIdCliView);
        }
        default:
          throw new UsageError(`Unknown command: ${command}`);
      }
    });
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.err(`${error.message}\n\n${USAGE}`);
    return 2;
  } finally {
    if (!shared) await database.close();
  }
}
