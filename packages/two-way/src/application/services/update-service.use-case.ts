import { err, errAsync, ResultAsync, validationError, type Clock, type FieldIssue, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { ServiceStateError } from '../../domain/services/two-way-errors.ts';
import type { ServiceSettings, TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import { changeLocked } from './locked-service.ts';
import { AUTO_REPLY_MAX_LENGTH, checkEmail, checkHttpsUrl, checkRequiredText } from './service-fields.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';
import type { WebhookUrlPolicy } from './webhook-url-policy.port.ts';

/** PATCH fields: absent is unchanged; null (or "") clears the nullable ones. */
export interface UpdateServiceInput {
  readonly accountId: string;
  readonly id: number;
  readonly webhookUrl?: string | null;
  readonly autoReplyEnabled?: boolean;
  readonly autoReplyText?: string;
  readonly forwardEmail?: string | null;
  readonly useCase?: string;
  readonly companyName?: string;
}

/**
 * `PATCH /services/{id}`: only the customer's settings; the country, type, keyword, number and
 * prices are the request's and the operator's. Every bad field in one 422; an auto-reply needs
 * a text to send.
 */
export class UpdateService {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly webhookUrls: WebhookUrlPolicy,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: UpdateServiceInput): ResultAsync<TwoWayServiceSnapshot, ValidationError | NotFoundError | ServiceStateError> {
    const webhook = input.webhookUrl ? this.webhookUrls.check(input.webhookUrl) : Promise.resolve(null);
    return ResultAsync.fromSafePromise(webhook).andThen((checked) => {
      const issues: FieldIssue[] = [];
      const changes: { -readonly [K in keyof ServiceSettings]?: ServiceSettings[K] } = {};
      if (checked?.isErr()) issues.push({ path: 'webhook_url', message: checked.error });
      else if (checked?.isOk()) issues.push(...checkHttpsUrl('webhook_url', (changes.webhookUrl = checked.value)));
      else if (input.webhookUrl !== undefined) changes.webhookUrl = null;
      if (input.forwardEmail) issues.push(...checkEmail('forward_email', (changes.forwardEmail = input.forwardEmail.trim())));
      else if (input.forwardEmail !== undefined) changes.forwardEmail = null;
      if (input.autoReplyText !== undefined) {
        changes.autoReplyText = input.autoReplyText.trim();
        if (changes.autoReplyText.length > AUTO_REPLY_MAX_LENGTH) issues.push({ path: 'auto_reply_text', message: `At most ${AUTO_REPLY_MAX_LENGTH} characters` });
      }
      if (input.autoReplyEnabled !== undefined) changes.autoReplyEnabled = input.autoReplyEnabled;
      if (input.useCase !== undefined) issues.push(...checkRequiredText('use_case', (changes.useCase = input.useCase.trim())));
      if (input.companyName !== undefined) issues.push(...checkRequiredText('company_name', (changes.companyName = input.companyName.trim())));
      if (issues.length > 0) return errAsync(validationError(issues));
      return changeLocked<ValidationError | ServiceStateError>(this.services, this.unitOfWork, input, (service) => {
        const { autoReplyEnabled, autoReplyText } = { ...service.toSnapshot(), ...changes };
        if (autoReplyEnabled && !autoReplyText) return err<void, ValidationError>(validationError([{ path: 'auto_reply_text', message: 'Required while the auto-reply is enabled' }]));
        return service.changeSettings(changes, this.clock.now());
      });
    });
  }
}
