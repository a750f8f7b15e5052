import { ACCOUNTS_TOKENS, type AccountRepository } from '@tuma/accounts';
import { KERNEL_TOKENS, token, type Clock } from '@tuma/kernel';
import { adminRateLimitRoutes } from '@tuma/koa-adapter';
import { MikroOrmRateLimitOverrideRepository, type Database, type DatabaseOutage } from '@tuma/mikro-orm-adapter';
import { FlexibleRateLimiter } from '@tuma/rate-limiter-flexible-adapter';
import { createRateLimits, RATE_LIMITS_TOKENS, RateLimitPolicy, type RateLimiter, type RateLimitOverrideRepository, type RateLimits } from '@tuma/rate-limits';
import { ContainerModule } from 'inversify';
import { bindClass } from '../../bind-class.ts';
import { PeriodicTask } from '../../periodic-task.ts';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

/** Reloads the operator's per-account limits every few seconds in an API process. */
const REFRESHER = token<PeriodicTask>('server.RateLimitOverrideRefresher');

const policy = (limits: { perSecond: number; burst: number }) => RateLimitPolicy.rehydrate(limits);
/** Where none is configured (RATE_LIMIT_ENABLED=false) the use cases still answer with these; nothing is limited. */
const UNUSED_DEFAULTS = { perKey: policy({ perSecond: 100, burst: 200 }), perAddress: policy({ perSecond: 50, burst: 100 }) };

const bindings = new ContainerModule(({ bind }) => {
  const T = RATE_LIMITS_TOKENS;
  bindClass(bind, T.overrideRepository, MikroOrmRateLimitOverrideRepository, [SERVER_TOKENS.database]);
  bind(T.rateLimiter).toResolvedValue(
    (config: ServerConfig, logger: Logger, outage: DatabaseOutage): RateLimiter =>
      config.rateLimits?.store === 'postgres' && config.databaseUrl
        ? FlexibleRateLimiter.onPostgres(config.databaseUrl, {
            onIdleError: (error) => outage.noted(error) || logger.error({ msg: 'rate-limit store connection lost', error: String(error) }),
          })
        : FlexibleRateLimiter.inMemory(),
    [SERVER_TOKENS.config, SERVER_TOKENS.logger, SERVER_TOKENS.outage],
  );
  bind(T.rateLimits).toResolvedValue(
    (rateLimiter: RateLimiter, overrideRepository: RateLimitOverrideRepository, accountRepository: AccountRepository, clock: Clock, config: ServerConfig) =>
      createRateLimits({
        rateLimiter,
        overrideRepository,
        accountRepository,
        clock,
        defaults: config.rateLimits ? { perKey: policy(config.rateLimits.perKey), perAddress: policy(config.rateLimits.perAddress) } : UNUSED_DEFAULTS,
      }),
    [T.rateLimiter, T.overrideRepository, ACCOUNTS_TOKENS.accountRepository, KERNEL_TOKENS.clock, SERVER_TOKENS.config],
  );
  bind(REFRESHER).toResolvedValue(
    (rateLimits: RateLimits, database: Database, logger: Logger, outage: DatabaseOutage) =>
      new PeriodicTask(() => database.withContext(() => rateLimits.requests.refresh()), 'rate-limit overrides not reloaded (the last ones stay)', logger, outage),
    [T.rateLimits, SERVER_TOKENS.database, SERVER_TOKENS.logger, SERVER_TOKENS.outage],
  );
});

/** Request rate limits (per key, per client address) and the operator's per-account limits. */
export const rateLimitsServerModule: ServerModule = {
  name: 'rate-limits',
  bindings,
  routes: (container) => [...adminRateLimitRoutes(resolve(container, RATE_LIMITS_TOKENS.rateLimits))],
  onStart: async (container) => {
    const config = resolve(container, SERVER_TOKENS.config);
    if (config.rateLimits && config.role !== 'worker') await resolve(container, REFRESHER).start(config.rateLimits.refreshSeconds);
  },
  onStop: async (container) => {
    resolve(container, REFRESHER).stop();
    const limiter = resolve(container, RATE_LIMITS_TOKENS.rateLimiter);
    if (limiter instanceof FlexibleRateLimiter) await limiter.close();
  },
};
