import { err, errAsync, notFound, ok, ResultAsync, type NotFoundError, type Result } from '@tuma/kernel';
import { readPhoneField, unroutable, type InvalidPhoneField, type MessageEnvironment, type OptOutList, type RecipientOptedOutError, type SendMessageError, type SentMessage, type UnroutableError } from '@tuma/messaging';
import { serviceNotActive, type ServiceNotActiveError } from '../../domain/services/two-way-errors.ts';
import type { TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { TwoWayServiceRepository } from '../services/two-way-service.repository.port.ts';
import type { ServiceSender } from './service-sender.ts';

export interface ReplyInput {
  readonly accountId: string;
  readonly id: number;
  readonly to: string;
  readonly text: string;
  /** The key's environment: a test key's reply is priced, not charged, and goes to the sandbox. */
  readonly environment: MessageEnvironment;
  readonly apiKeyId: string | null;
}

export type ReplyError = NotFoundError | ServiceNotActiveError | InvalidPhoneField | UnroutableError | RecipientOptedOutError | SendMessageError;

const optedOut = (phone: string): RecipientOptedOutError => ({
  type: 'recipient_opted_out',
  field: 'to',
  message: `${phone} opted out of this account's messages (STOP); it is not messaged`,
});

/**
 * `POST /services/{id}/reply`: a text from the service's short code to a number of its country
 * (400 otherwise), from an active service only (409 `service_not_active`), never to a number on the
 * account's opt-out list (400 `recipient_opted_out`); billed per segment at the service's outbound
 * rate through the SMS sending path.
 */
export class Reply {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly optOuts: Pick<OptOutList, 'isOptedOut'>,
    private readonly sender: ServiceSender,
  ) {}

  execute(input: ReplyInput): ResultAsync<SentMessage, ReplyError> {
    const phone = readPhoneField(input.to, 'to');
    if (phone.isErr()) return errAsync(phone.error);
    const { e164, country } = phone.value;
    return new ResultAsync(this.check(input, e164, country)).andThen((service) =>
      this.sender.send({ service, to: e164, text: input.text, environment: input.environment, apiKeyId: input.apiKeyId, autoReply: false }),
    );
  }

  private async check(input: ReplyInput, phone: string, country: string): Promise<Result<TwoWayServiceSnapshot, ReplyError>> {
    const service = await this.services.find(input.id);
    if (!service || service.accountId !== input.accountId) return err(notFound('service', String(input.id)));
    if (service.status !== 'active') return err(serviceNotActive(service.id, service.status));
    if (country !== service.countryCode) return err(unroutable('to', [country], `Service ${service.id} replies only to numbers in ${service.countryCode}`));
    if (await this.optOuts.isOptedOut(service.accountId, phone)) return err(optedOut(phone));
    return ok(service);
  }
}
