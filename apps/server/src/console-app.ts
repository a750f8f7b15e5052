import { ACCOUNTS_TOKENS } from '@tuma/accounts';
import { BILLING_TOKENS } from '@tuma/billing';
import { IDENTITY_TOKENS } from '@tuma/identity';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { MESSAGING_TOKENS } from '@tuma/messaging';
import { CONSOLE_BASE_PATH, createConsoleApp, homePages, type MountedApi } from '@tuma/koa-adapter';
import type { Database } from '@tuma/mikro-orm-adapter';
import type { Container } from 'inversify';
import type { ServerConfig } from './config.ts';
import { httpRateLimits } from './http-rate-limits.ts';
import type { Logger } from './logger.ts';
import { SERVER_MODULES } from './modules/index.ts';
import { operatorConsole } from './operator-console.ts';
import { resolve } from './resolve.ts';
import { consoleCookieKey } from './server-secrets.ts';
import { SERVER_TOKENS } from './tokens.ts';

/**
 * The web console at `{base_url}/app` (docs/dashboard.md): the modules' pages, each over the use
 * cases its routes call, and the home page, which reads several products at once.
 */
export function buildConsoleApp(input: { readonly container: Container; readonly database: Database; readonly config: ServerConfig; readonly logger: Logger }): MountedApi {
  const { container, database, config, logger } = input;
  const accounts = resolve(container, ACCOUNTS_TOKENS.accountRepository);
  const urls = resolve(container, SERVER_TOKENS.publicUrls);
  const clock = resolve(container, KERNEL_TOKENS.clock);
  const home = homePages({
    walletLedger: resolve(container, BILLING_TOKENS.walletLedger),
    readAccount: (accountId) => accounts.findById(accountId),
    issueApiKey: resolve(container, ACCOUNTS_TOKENS.accounts).issueApiKey,
    ...resolve(container, MESSAGING_TOKENS.messaging),
    apiBaseUrl: () => urls.sms.value,
    now: () => clock.now(),
  });
  if (config.databaseUrl && !config.identity.consoleCookieKey) {
    logger.warn({ msg: `CONSOLE_COOKIE_KEY is not set: the web console's cookies are sealed with a key kept in ${config.dataDir}/console-cookie.key; every process on this database needs the same key (set CONSOLE_COOKIE_KEY)` });
  }
  const operator = operatorConsole(container);
  const app = createConsoleApp({
    basePath: CONSOLE_BASE_PATH,
    cookieKey: consoleCookieKey(config)(),
    identity: resolve(container, IDENTITY_TOKENS.identity),
    pages: [...home, ...SERVER_MODULES.flatMap((module) => module.consolePages?.(container) ?? []), ...operator.pages],
    operatorKeys: { isActive: operator.isActive },
    logger,
    outages: resolve(container, SERVER_TOKENS.outage),
    rateLimits: httpRateLimits(container, config),
    perRequest: (work) => database.withContext(work),
    now: () => clock.now().getTime(),
  });
  return { basePath: CONSOLE_BASE_PATH, app };
}
