import { MAIL_TOKENS, ReceiveMailReport, type EmailRepository, type ForwardTarget, type MailDomainRepository, type MailService, type MailOutcomes, type ReturnPathOwner } from '@tuma/mail';
import { SmtpInboundServer } from '@tuma/mail-adapter';
import type { Database } from '@tuma/mikro-orm-adapter';
import { KERNEL_TOKENS, type Clock } from '@tuma/kernel';
import type { Container } from 'inversify';
import type { ServerConfig } from '../../config.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import { portServer } from '../port-server.ts';
import type { ModuleServer } from '../server-module.ts';

/** Reports quote the message they are about, and forwarded mail is anyone's: room for a large one. */
const MAX_INBOUND_BYTES = 10 * 1024 * 1024;

/** Whom mail to an address of ours is for: a report about an email we sent (VERP), or a forward (or a bounce of forwarded mail). */
type InboundOwner = { readonly kind: 'report'; readonly owner: ReturnPathOwner } | { readonly kind: 'forward'; readonly target: ForwardTarget };

/** The mail API's inbound SMTP server: the MX of return paths and of forwarded domains (docs/mail.md, "Bounces and complaints", "Forwards"). */
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
  const forwards = (resolve(container, MAIL_TOKENS.mail) as MailService).receiveForwardedMail;
  const owner = async (address: string): Promise<InboundOwner | undefined> => {
    const report = await reports.owner(address);
    if (report) return { kind: 'report', owner: report };
    const target = await forwards.target(address);
    return target && { kind: 'forward', target };
  };
  const server = new SmtpInboundServer<InboundOwner>({
    owner: (address) => database.withContext(() => owner(address)),
    receive: (owners, message) =>
      database.withContext(async () => {
        // Forwards first, in one unit of work: what they store is what the 250 promises.
        await forwards.receive(owners.flatMap((o) => (o.kind === 'forward' ? [o.target] : [])), message);
        for (const o of owners) if (o.kind === 'report') await reports.receive(o.owner, message.text);
      }),
    maxBytes: MAX_INBOUND_BYTES,
  });
  return portServer('mail-inbound', config.mail.inboundPort, resolve(container, SERVER_TOKENS.logger), server);
}
