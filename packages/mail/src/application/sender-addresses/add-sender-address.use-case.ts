import { err, newId, ok, ResultAsync, validationError, type Clock, type FieldIssue, type Result, type ValidationError } from '@tuma/kernel';
import { EmailAddress } from '../../domain/emails/email-address.value-object.ts';
import { senderAddressAlreadyExists, type SenderAddressAlreadyExistsError } from '../../domain/sender-addresses/sender-address-errors.ts';
import { SenderAddress, type SenderAddressSnapshot } from '../../domain/sender-addresses/sender-address.aggregate.ts';
import type { MailPublicUrl } from '../mail-public-url.ts';
import { CONFIRMATION_TTL_MS, type ConfirmationTokens } from './confirmation-tokens.ts';
import type { SenderAddressRepository } from './sender-address.repository.port.ts';
import type { ServiceMailer } from './service-mailer.port.ts';

export interface AddSenderAddressInput {
  readonly accountId: string;
  readonly email: string;
  readonly name?: string;
}

export type AddSenderAddressError = ValidationError | SenderAddressAlreadyExistsError;

const MAX_NAME = 200;

/** The mail that asks the mailbox's reader to confirm. */
function confirmationMail(address: SenderAddressSnapshot, link: string) {
  const text = [
    `Someone asked to send email as ${address.email} through Tuma's mail API.`,
    '',
    `If it was you or your team, confirm the address (the link holds for 7 days):`,
    link,
    '',
    'If not, ignore this message: nothing is sent from the address until it is confirmed.',
  ].join('\n');
  return { to: address.email, subject: `Confirm ${address.email} as a sender address`, text };
}

/**
 * `POST /sender-addresses`: a pending address of the account, and a mail to it with a signed
 * confirmation link to `{mail_url}/v1/sender-addresses/confirm?token=...` (docs/mail.md, "Sender
 * addresses"). Nothing is stored for the link: the token names the address and its expiry.
 */
export class AddSenderAddress {
  constructor(
    private readonly addresses: SenderAddressRepository,
    private readonly tokens: ConfirmationTokens,
    private readonly mailer: ServiceMailer,
    private readonly publicUrl: MailPublicUrl,
    private readonly clock: Clock,
  ) {}

  execute(input: AddSenderAddressInput): ResultAsync<SenderAddressSnapshot, AddSenderAddressError> {
    return new ResultAsync(this.add(input));
  }

  private async add(input: AddSenderAddressInput): Promise<Result<SenderAddressSnapshot, AddSenderAddressError>> {
    const issues: FieldIssue[] = [];
    const parsed = EmailAddress.create(input.email);
    if (parsed.isErr()) issues.push({ path: 'email', message: parsed.error });
    else if (parsed.value.name !== undefined) issues.push({ path: 'email', message: 'The bare address: give its name as name' });
    const name = input.name?.trim() || null;
    if (name !== null && (name.length > MAX_NAME || /[\r\n"<>]/.test(name))) issues.push({ path: 'name', message: `One line of at most ${MAX_NAME} characters, without quotes or angle brackets` });
    if (issues.length > 0 || parsed.isErr()) return err(validationError(issues));
    const now = this.clock.now();
    const address = SenderAddress.add({ id: newId('sa', now), accountId: input.accountId, email: parsed.value.address, name }, now).toSnapshot();
    if (!(await this.addresses.add(address))) return err(senderAddressAlreadyExists(address.email));
    const token = this.tokens.sign({ accountId: address.accountId, senderAddressId: address.id, email: address.email, expiresAt: new Date(now.getTime() + CONFIRMATION_TTL_MS) });
    await this.mailer.send(confirmationMail(address, `${this.publicUrl.baseUrl()}/v1/sender-addresses/confirm?token=${token}`));
    return ok(address);
  }
}
