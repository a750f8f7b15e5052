import type { WalletOwners } from '@tuma/billing';
import type { IdempotentRequest } from '@tuma/idempotency';
import { err, errAsync, Money, notFound, ok, ResultAsync, type NotFoundError, type Result } from '@tuma/kernel';
import { writeAlongside, type AlongsideWriter, type RecipientOptedOutError, type SendMessage, type SendMessageError, type SentMessage } from '@tuma/messaging';
import type { LinkSnapshot } from '../../domain/links/link.aggregate.ts';
import type { LinkRepository } from './link.repository.port.ts';

/** Where a link's text takes it (else it is appended after a space). */
export const LINK_PLACEHOLDER = '{{link}}';

/** The SMS a link is sent by: its message, as the SMS API shows one. */
export interface LinkSms {
  readonly messageId: string;
  readonly to: string;
  readonly status: string;
  readonly segments: number;
  /** Charged to the wallet (zero for a test key). */
  readonly cost: Money;
}

/** The text of the SMS: every `{{link}}` replaced by the short URL, else the URL appended (the text alone when no text). */
export function smsText(text: string | undefined, shortUrl: string): string {
  const given = (text ?? '').trimEnd();
  if (given.includes(LINK_PLACEHOLDER)) return given.split(LINK_PLACEHOLDER).join(shortUrl);
  return given === '' ? shortUrl : `${given} ${shortUrl}`;
}

export type LinkSmsError = SendMessageError | RecipientOptedOutError | NotFoundError;

const optedOut = (): RecipientOptedOutError => ({
  type: 'recipient_opted_out',
  field: 'to',
  message: 'sms.to opted out of your messages (STOP): nothing was sent, and the link was not made',
});

/** What an accepted send is to the link: its SMS, or the opted-out refusal (stored as rejected, nothing charged, no link). */
function linkSmsOf({ message }: SentMessage): Result<LinkSms, LinkSmsError> {
  if (message.delivery.status === 'rejected') return err(optedOut());
  return ok({
    messageId: message.id,
    to: message.phone,
    status: message.delivery.status,
    segments: message.segments,
    // A test key's SMS is priced, not charged.
    cost: message.environment === 'test' ? Money.zero(message.cost.currency) : message.cost,
  });
}

/**
 * A new link sent by SMS (docs/links.md, "SMS"): through the SMS platform's send path (messaging's
 * `SendMessage`, as two-way and Verify send theirs), priced, billed to the account's wallet (a test
 * key's is not charged and goes to the sandbox), with the link row written in the send's unit of
 * work: the link exists if and only if its SMS was accepted. A refused SMS (402 insufficient
 * balance, 409 duplicate, an opted-out recipient) leaves no link.
 */
export class LinkSender {
  /** The links of one group commit of sends, inserted with them. */
  private readonly rows: AlongsideWriter<LinkSnapshot>;

  constructor(
    private readonly sendMessage: Pick<SendMessage, 'execute'>,
    private readonly owners: WalletOwners,
    links: LinkRepository,
  ) {
    this.rows = {
      write: async (rows) => {
        for (const row of rows) {
          // Checked free before the send: taken in between (the same chosen slug at the same instant), the batch fails unwritten.
          if (!(await links.add(row))) throw new Error(`The slug ${row.slug} was taken while its SMS was sent`);
        }
      },
    };
  }

  /** `idempotency`: the request's key, its answer kept with the SMS's charge (what the send's outcome means for the link). */
  send(input: {
    readonly link: LinkSnapshot;
    readonly apiKeyId: string | null;
    readonly to: string;
    readonly text: string;
    readonly idempotency?: IdempotentRequest<Result<LinkSms, LinkSmsError>> | undefined;
  }): ResultAsync<LinkSms, LinkSmsError> {
    const { link, idempotency } = input;
    return ResultAsync.fromSafePromise(this.owners.walletCurrencyOf(link.accountId)).andThen((walletCurrency) => {
      if (!walletCurrency) return errAsync(notFound('account', link.accountId));
      return this.sendMessage
        .execute({
          sender: { accountId: link.accountId, apiKeyId: input.apiKeyId, environment: link.environment, walletCurrency },
          to: input.to,
          text: input.text,
          scheduleMode: 'now',
          alongside: writeAlongside(this.rows, () => link),
          ...(idempotency ? { idempotency: { claim: idempotency.claim, respond: (outcome) => idempotency.respond(outcome.andThen(linkSmsOf)) } } : {}),
        })
        .andThen(linkSmsOf);
    });
  }
}
