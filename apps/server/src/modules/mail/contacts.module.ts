import { IDEMPOTENCY_TOKENS } from '@tuma/idempotency';
import { KERNEL_TOKENS } from '@tuma/kernel';
import { mailBroadcastPages, mailBroadcastRoutes, mailContactPages, mailContactRoutes, mailUnsubscribeRoutes } from '@tuma/koa-adapter';
import { createMailBroadcasts, MAIL_TOKENS, mailBroadcastJobRoutes } from '@tuma/mail';
import { MikroOrmBroadcastRepository, MikroOrmMailContactRepository } from '@tuma/mikro-orm-adapter';
import { ContainerModule, type Container } from 'inversify';
import { bindClass, bindFactory } from '../../bind-class.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const M = MAIL_TOKENS;
const K = KERNEL_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, M.contactRepository, MikroOrmMailContactRepository, [S.database]);
  bindClass(bind, M.broadcastRepository, MikroOrmBroadcastRepository, [S.database]);
  bindFactory(bind, M.broadcasts, createMailBroadcasts, {
    clock: K.clock,
    unitOfWork: K.unitOfWork,
    jobs: K.jobScheduler,
    idempotencyKeys: IDEMPOTENCY_TOKENS.keyStore,
    contacts: M.contactRepository,
    broadcasts: M.broadcastRepository,
    emails: M.emailRepository,
    domains: M.domainRepository,
    senderAddresses: M.senderAddresses,
    plans: M.plans,
    usage: M.usage,
    tokenKey: M.tokenKey,
    publicUrl: M.publicUrl,
  });
});

function registerJobs(container: Container): void {
  const db = resolve(container, S.database);
  const workers = resolve(container, S.jobs);
  for (const route of mailBroadcastJobRoutes(resolve(container, M.broadcasts))) route.register(workers, (attempt) => db.withContext(attempt));
}

/**
 * The mail API's contact lists and broadcasts (docs/mail.md, "Contacts and broadcasts"): routes on
 * the mail app (whose keys `mail.module.ts` checks), the dispatch job, and the unsubscribe links.
 * Each broadcast email is delivered by the mail module's `mail.deliver-email` job.
 */
export const mailContactsServerModule: ServerModule = {
  name: 'mail-contacts',
  api: 'mail',
  bindings,
  routes: (container) => {
    const broadcasts = resolve(container, M.broadcasts);
    return [...mailContactRoutes(broadcasts), ...mailBroadcastRoutes(broadcasts), ...mailUnsubscribeRoutes(broadcasts)];
  },
  // Mail › Contacts and Mail › Broadcasts: the same use cases; the compose form's one-time key is claimed as an Idempotency-Key is.
  consolePages: (container) => {
    const broadcasts = resolve(container, M.broadcasts);
    return [...mailContactPages(broadcasts), ...mailBroadcastPages({ broadcasts, idempotency: resolve(container, IDEMPOTENCY_TOKENS.idempotency) })];
  },
  jobs: registerJobs,
};
