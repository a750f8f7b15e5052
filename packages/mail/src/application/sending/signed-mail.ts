import type { MailDomainSnapshot } from '../../domain/domains/mail-domain.aggregate.ts';
import { MailDomain } from '../../domain/domains/mail-domain.aggregate.ts';
import type { MailDnsSettings } from '../../domain/domains/dns-records.ts';
import type { DkimKeys } from '../domains/dkim-keys.port.ts';
import type { OutgoingMail } from './mail-transport.port.ts';

/** An email's content and addresses, before its domain signs it. */
export type MailContent = Omit<OutgoingMail, 'returnPath' | 'dkim'>;

/** The message of `content` as its domain sends it: signed with the domain's key, bounces to the domain's return path. */
export function signedMail(content: MailContent, domain: MailDomainSnapshot, dkimKeys: DkimKeys): OutgoingMail {
  return {
    ...content,
    returnPath: MailDomain.rehydrate(domain).returnPath(content.id),
    dkim: { domainName: domain.name, selector: domain.dkimSelector, privateKey: dkimKeys.open(domain.dkimPrivateKeySealed, domain.id) },
  };
}

/**
 * The message of a confirmed sender address, whose domain is not one of the account's verified
 * domains: no key of ours may sign for it, so it leaves unsigned, and bounces come to our own
 * bounce host (`<email id>@MAIL_BOUNCE_MX`, docs/mail.md, "Sender addresses").
 */
export function unsignedMail(content: MailContent, settings: MailDnsSettings): OutgoingMail {
  return { ...content, returnPath: `${content.id.toLowerCase()}@${settings.bounceMx}`, dkim: null };
}
