import { readFileSync } from 'node:fs';
import { err, ok } from '@tuma/kernel';
import { MAIL_TOKENS, SubmitEmail, type MailService, type SendEmailError } from '@tuma/mail';
import { SmtpSubmissionServer, type SubmissionRefusal } from '@tuma/mail-adapter';
import type { Database } from '@tuma/mikro-orm-adapter';
import type { Container } from 'inversify';
import type { ServerConfig } from '../../config.ts';
import type { Logger } from '../../logger.ts';
import { resolve } from '../../resolve.ts';
import { SERVER_TOKENS } from '../../tokens.ts';
import { portServer } from '../port-server.ts';
import type { ModuleServer } from '../server-module.ts';

/** A 40 MB email with its attachments in base64 and its MIME parts. */
const MAX_MESSAGE_BYTES = 56 * 1024 * 1024;

/** The reply refusing a message: the reason in words; a quota reached is temporary (a relay retries later). */
function refusalOf(error: SendEmailError | { readonly type: string; readonly message: string }): SubmissionRefusal {
  const details = 'details' in error && Array.isArray(error.details) ? `: ${(error.details as { path: string; message: string }[]).map((d) => `${d.path} ${d.message}`).join('; ')}` : '';
  switch (error.type) {
    case 'validation_error':
      return { responseCode: 550, message: `5.6.0 The message cannot be sent${details}` };
    case 'domain_not_verified':
      return { responseCode: 550, message: `5.7.1 ${error.message}` };
    case 'plan_limit_reached':
      return { responseCode: 451, message: `4.7.1 ${error.message}` };
    default:
      return { responseCode: 451, message: `4.3.0 ${error.message}` };
  }
}

/** The mail API's SMTP submission server (docs/mail.md, "SMTP submission"), in processes that serve the APIs. */
export function mailSubmissionServer(container: Container): ModuleServer {
  const config: ServerConfig = resolve(container, SERVER_TOKENS.config);
  const database: Database = resolve(container, SERVER_TOKENS.database);
  const logger: Logger = resolve(container, SERVER_TOKENS.logger);
  const mail: MailService = resolve(container, MAIL_TOKENS.mail);
  const submit = new SubmitEmail(mail.sendEmail);
  const { port, tls, allowPlainAuth } = config.mail.submission;
  const server = new SmtpSubmissionServer({
    authenticate: (username, password, address) =>
      database.withContext(async () =>
        (await mail.authenticateSmtpLogin.execute({ username, password, address })).mapErr((error) =>
          error.type === 'rate_limited'
            ? // RFC 4954: a temporary failure; the client may try again later (it says when).
              { responseCode: 454, message: `4.7.0 Too many failed logins from this address or for this username: try again in ${error.retryAfter} s` }
            : { responseCode: 535, message: '5.7.8 Invalid username or password' },
        ),
      ),
    submit: (accountId, mail) => database.withContext(async () => (await submit.execute(accountId, mail)).match((sent) => ok(sent), (error) => err(refusalOf(error)))),
    tls: tls ? { key: readFileSync(tls.keyPath, 'utf8'), cert: readFileSync(tls.certPath, 'utf8') } : undefined,
    allowPlainAuth,
    maxBytes: MAX_MESSAGE_BYTES,
  });
  return portServer('mail-submission', port, logger, server);
}
