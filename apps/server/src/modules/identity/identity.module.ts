import { ACCOUNTS_TOKENS, type Accounts } from '@tuma/accounts';
import { createIdentity, hashingPool, IDENTITY_TOKENS, type AccessTokens, type Identity } from '@tuma/identity';
import { JoseAccessTokens, OWASP_SCRYPT, ScryptPasswordHasher, signingKeyFromPem } from '@tuma/identity-adapter';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { SUBSCRIPTIONS_TOKENS, type SubscriptionsService } from '@tuma/subscriptions';
import { accountPages, authPages, CONSOLE_BASE_PATH, profilePages, teamPages, profileRoutes, registrationRoutes, sessionRoutes, teamRoutes } from '@tuma/koa-adapter';
import { MikroOrmMembershipRepository, MikroOrmSessionRepository, MikroOrmTokenStore, MikroOrmUserRepository } from '@tuma/mikro-orm-adapter';
import { ContainerModule, type Container } from 'inversify';
import type { PublicUrls } from '../../api-placement.ts';
import { bindClass, bindFactory } from '../../bind-class.ts';
import type { ServerConfig } from '../../config.ts';
import { resolve } from '../../resolve.ts';
import { authSigningKeyPem } from '../../server-secrets.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import { accountOpening } from './account-opening.ts';
import type { ServerModule } from '../server-module.ts';

const I = IDENTITY_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

/** Access tokens signed with the server's key, read (WebCrypto, asynchronously) at the first token; the PEM was checked at start. */
function accessTokens(pem: () => string): AccessTokens {
  let tokens: Promise<JoseAccessTokens> | undefined;
  const ready = () => (tokens ??= signingKeyFromPem(pem()).then((key) => new JoseAccessTokens(key)));
  return {
    issue: async (claims, now) => (await ready()).issue(claims, now),
    verify: async (token, now) => (await ready()).verify(token, now),
  };
}

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, I.users, MikroOrmUserRepository, [S.database]);
  bindClass(bind, I.tokens, MikroOrmTokenStore, [S.database]);
  bindClass(bind, I.sessions, MikroOrmSessionRepository, [S.database]);
  bindClass(bind, I.memberships, MikroOrmMembershipRepository, [S.database]);
  // One pool per process: sign-ins, registrations and link passwords share its threads (docs/accounts.md, "Hashing").
  bind(I.hasher).toResolvedValue(
    (config: ServerConfig) => new ScryptPasswordHasher({ ...OWASP_SCRYPT, N: 2 ** config.identity.passwordHashCost }, hashingPool(config.identity.passwordHashConcurrency)),
    [S.config],
  );
  bind(I.accessTokens).toResolvedValue((config: ServerConfig) => accessTokens(authSigningKeyPem(config)), [S.config]);
  bind(I.accountOpening).toResolvedValue((accounts: Accounts) => accountOpening(accounts), [ACCOUNTS_TOKENS.accounts]);
  // The team is the account's: its cap is the most generous max_team of the account's plans.
  bind(I.teamLimits).toResolvedValue((subscriptions: SubscriptionsService) => subscriptions.currentLimits, [SUBSCRIPTIONS_TOKENS.subscriptions]);
  // Read at each mail: the console's URL is known once the shared port listens (port 0).
  bind(I.links).toResolvedValue(
    (config: ServerConfig, urls: PublicUrls) => ({
      get appUrl() {
        return config.identity.dashboardUrl ?? `${urls.sms.value}${CONSOLE_BASE_PATH}`;
      },
    }),
    [S.config, S.publicUrls],
  );
  bindFactory(bind, I.identity, createIdentity, {
    unitOfWork: K.unitOfWork,
    clock: K.clock,
    users: I.users,
    tokens: I.tokens,
    sessions: I.sessions,
    memberships: I.memberships,
    failureLog: K.failureLog,
    hasher: I.hasher,
    accessTokens: I.accessTokens,
    mailer: I.mailer,
    accountOpening: I.accountOpening,
    teamLimits: I.teamLimits,
    links: I.links,
  });
});

const identityOf = (container: Container): Identity => resolve(container, I.identity);

/**
 * The account service (docs/accounts.md): users, registration, email verification, sessions and
 * passwords, teams on the auth API, and the access-token check of every API's session routes. Its mail
 * goes through the Mailer that `outbox.module.ts` binds.
 */
export const identityServerModule: ServerModule = {
  name: 'identity',
  api: 'auth',
  bindings,
  sessionAuthenticator: (container) => {
    const authenticate = identityOf(container).authenticateAccessToken;
    return (token) => authenticate.execute(token);
  },
  routes: (container) => {
    const identity = identityOf(container);
    const accounts = resolve(container, ACCOUNTS_TOKENS.accountRepository);
    const { currentLimits } = resolve(container, SUBSCRIPTIONS_TOKENS.subscriptions);
    return [
      ...registrationRoutes(identity, { trustedProxyHops: resolve(container, S.config).trustedProxyHops }),
      ...sessionRoutes(identity, { trustedProxyHops: resolve(container, S.config).trustedProxyHops }),
      ...profileRoutes({ ...identity, readAccount: (accountId) => accounts.findById(accountId), currentLimits }),
      ...teamRoutes(identity),
    ];
  },
  consolePages: (container) => [
    ...authPages(identityOf(container), { trustedProxyHops: resolve(container, S.config).trustedProxyHops }),
    ...teamPages(identityOf(container)),
    ...profilePages(identityOf(container)),
    ...accountPages({ ...identityOf(container), readAccount: (accountId) => resolve(container, ACCOUNTS_TOKENS.accountRepository).findById(accountId) }),
  ],
};
