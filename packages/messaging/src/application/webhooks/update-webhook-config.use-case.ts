import { errAsync, ResultAsync, validationError, type Clock, type FieldIssue, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { KeyScope } from '../../domain/messages/key-scope.ts';
import type { WebhookConfig, WebhookConfigChange } from '../../domain/webhooks/webhook-config.aggregate.ts';
import type { WebhookConfigRepository } from './webhook-config.repository.port.ts';
import { webhookConfigOf } from './webhook-config-of.ts';
import type { WebhookDestinations } from '@tuma/webhooks';

export interface UpdateWebhookConfigInput {
  /** The key's account and environment: each environment has its own configuration. */
  readonly owner: KeyScope;
  /** Absent: unchanged; null or "": cleared; else a URL the policy allows. */
  readonly dlrUrl?: string | null | undefined;
  readonly moUrl?: string | null | undefined;
  readonly isActive?: boolean | undefined;
}

/** A URL field as given: absent, a value to store (canonical URL or null), or refused. */
type CheckedUrl = { readonly given: false } | { readonly given: true; readonly value: string | null } | { readonly given: true; readonly issue: FieldIssue };

/**
 * `PUT /api/webhooks`: changes the fields given. Each URL is checked against the URL policy, DNS
 * included, before anything is written, and stored in its canonical form; one 422 names every
 * refused field with its reason.
 */
export class UpdateWebhookConfig {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly destinations: WebhookDestinations,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: UpdateWebhookConfigInput): ResultAsync<WebhookConfig, ValidationError> {
    const checks = Promise.all([this.checked('dlr_url', input.dlrUrl), this.checked('mo_url', input.moUrl)]);
    return ResultAsync.fromSafePromise(checks).andThen(([dlr, mo]) => {
      const issues = [dlr, mo].flatMap((url) => ('issue' in url ? [url.issue] : []));
      if (issues.length > 0) return errAsync(validationError(issues));
      const change: WebhookConfigChange = {
        ...('value' in dlr ? { dlrUrl: dlr.value } : {}),
        ...('value' in mo ? { moUrl: mo.value } : {}),
        ...(input.isActive === undefined ? {} : { isActive: input.isActive }),
      };
      return this.unitOfWork.run(() => ResultAsync.fromSafePromise(this.apply(input.owner, change)));
    });
  }

  private async apply(owner: KeyScope, change: WebhookConfigChange): Promise<WebhookConfig> {
    const now = this.clock.now();
    const updated = (await webhookConfigOf(this.configs, owner, now, true)).update(change, now);
    await this.configs.save(updated);
    return updated;
  }

  private async checked(path: 'dlr_url' | 'mo_url', raw: string | null | undefined): Promise<CheckedUrl> {
    if (raw === undefined) return { given: false };
    if (raw === null || raw === '') return { given: true, value: null };
    const destination = await this.destinations.check(raw);
    return destination.isOk() ? { given: true, value: destination.value.url.href } : { given: true, issue: { path, message: destination.error } };
  }
}
