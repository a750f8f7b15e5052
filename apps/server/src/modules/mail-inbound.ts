import { MAIL_TOKENS, ReceiveMailReport, type EmailRepository, type MailDomainRepository, type MailOutcomes } from '@tuma/mail';
import { SmtpInboundServer } from '@tuma/mail-adapter';
import type { Database } from '@tuma/mikro-orm-adapter';
import { KERNEL_TOKENS, type Clock } from '@tuma/kernel';
import type { Container } from 'inversify';
import type { ServerConfig } from '../config.ts';
import { resolve } from '../resolve.ts';
import { SERVER_TOKENS } from '../tokens.ts';
import { portServer } from './port-server.ts';
import type { ModuleServer } from './server-module.ts';

/** Reports quote the message they are about: room for a large one. */
const MAX_REPORT_BYTES = 10 * 1024 * 1024;

/** The mail API's inbound SMTP server: the MX of return paths, taking bounces and complaints (docs/mail.md, "Bounces and complaints"). */
export function mailInboundServer(container: Container): ModuleServer {
  const config: ServerConfig = resolve(container, SERVER_TOKENS.config);
  const database: Database = resolve(container, SERVER_TOKENS.database);
  const reports = new ReceiveMailReport(
    resolve(container, MAIL_TOKENS.emailRepository) as EmailRepository,
    resolve(container, MAIL_TOKENS.domainRepository) as MailDomainRepository,
    resolve(container, MAIL_TOKENS.outcomes) as MailOutcomes,
    config.mail.dns,
    resolve(container, KERNEL_TOKENS.clock) as Clock,
  );
  const server = new SmtpInboundServer({
    owner: (address) => database.withContext(() => reports.owner(address)),
    receive: (owner, raw) => database.withContext(() => reports.receive(owner, raw)),
    maxBytes: MAX_REPORT_BYTES,
  });
  return portServer('mail-inbound', config.mail.inboundPort, resolve(container, SERVER_TOKENS.logger), server);
}
