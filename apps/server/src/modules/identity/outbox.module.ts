import { IDENTITY_TOKENS, type Mailer } from '@tuma/identity';
import { KERNEL_TOKENS, token, type Clock } from '@tuma/kernel';
import { adminOutboxRoutes } from '@tuma/koa-adapter';
import { MikroOrmServiceMailOutbox, type Database } from '@tuma/mikro-orm-adapter';
import { SmtpMailer } from '@tuma/nodemailer-adapter';
import { ContainerModule } from 'inversify';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import type { ServerModule } from '../server-module.ts';

export const OUTBOX = token<MikroOrmServiceMailOutbox>('server.MailOutbox');

/** Keeps the message and says so in the log: its recipient and subject, never its body (its links carry tokens). */
const loggedOutbox = (outbox: MikroOrmServiceMailOutbox, logger: Logger): Mailer => ({
  async send(message) {
    await outbox.send(message);
    logger.info({ msg: 'mail kept in the local outbox (GET /api/admin/outbox)', to: message.to, subject: message.subject });
  },
});

const bindings = new ContainerModule(({ bind }) => {
  bind(OUTBOX).toResolvedValue((database: Database, clock: Clock) => new MikroOrmServiceMailOutbox(database, clock), [SERVER_TOKENS.database, KERNEL_TOKENS.clock]);
  bind(IDENTITY_TOKENS.mailer).toResolvedValue(
    (config: ServerConfig, outbox: MikroOrmServiceMailOutbox, logger: Logger): Mailer =>
      config.identity.smtpUrl ? new SmtpMailer({ url: config.identity.smtpUrl, from: config.identity.mailFrom }) : loggedOutbox(outbox, logger),
    [SERVER_TOKENS.config, OUTBOX, SERVER_TOKENS.logger],
  );
});

/**
 * The account service's own mail: through SMTP_URL's relay when set, else kept in the database's
 * local outbox (nothing leaves the machine), which the operator reads on the SMS API.
 */
export const outboxServerModule: ServerModule = {
  name: 'outbox',
  bindings,
  routes: (container) => adminOutboxRoutes(resolve(container, OUTBOX)),
};
