import { IDEMPOTENCY_TOKENS } from '@tuma/idempotency';
import { mailBroadcastPages, mailBroadcastRoutes, mailContactPages, mailContactRoutes, mailUnsubscribeRoutes } from '@tuma/koa-adapter';
import { MAIL_TOKENS } from '@tuma/mail';
import { MikroOrmBroadcastRepository, MikroOrmMailContactRepository } from '@tuma/mikro-orm-adapter';
import { ContainerModule } from 'inversify';
import { bindClass } from '../../bind-class.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

const M = MAIL_TOKENS;
const S = SERVER_TOKENS;

const bindings = new ContainerModule(({ bind }) => {
  bindClass(bind, M.contactRepository, MikroOrmMailContactRepository, [S.database]);
  bindClass(bind, M.broadcastRepository, MikroOrmBroadcastRepository, [S.database]);
});

/**
 * The mail API's contact lists and broadcasts (docs/mail.md, "Contacts and broadcasts"): their
 * stores, and routes on the mail app (whose keys `mail.module.ts` checks) and the unsubscribe links
 * over the mail use cases (`createMail`, bound by `mail.module.ts`, which registers the dispatch
 * job with the other mail jobs). Each broadcast email is delivered by `mail.deliver-email`.
 */
export const mailContactsServerModule: ServerModule = {
  name: 'mail-contacts',
  api: 'mail',
  bindings,
  routes: (container) => {
    const mail = resolve(container, M.mail);
    return [...mailContactRoutes(mail), ...mailBroadcastRoutes(mail), ...mailUnsubscribeRoutes(mail)];
  },
  // Mail › Contacts and Mail › Broadcasts: the same use cases; the compose form's one-time key is claimed as an Idempotency-Key is.
  consolePages: (container) => {
    const mail = resolve(container, M.mail);
    return [...mailContactPages(mail), ...mailBroadcastPages({ broadcasts: mail, idempotency: resolve(container, IDEMPOTENCY_TOKENS.idempotency) })];
  },
};
