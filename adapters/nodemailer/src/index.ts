export { SmtpMailer, type SmtpMailerOptions } from './smtp-mailer.ts';
