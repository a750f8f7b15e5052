import { ResultAsync, type Clock, type UnitOfWork } from '@tuma/kernel';
import type { KeyScope } from '../../domain/messages/key-scope.ts';
import type { WebhookConfigRepository } from './webhook-config.repository.port.ts';
import { newSigningSecret } from '@tuma/webhooks';
import { webhookConfigOf } from './webhook-config-of.ts';

/** `POST /api/webhooks/rotate-secret`: a new signing secret; every attempt from the commit on is signed with it. */
export class RotateWebhookSecret {
  constructor(
    private readonly configs: WebhookConfigRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  /** `owner`: the key's account and environment (a test key rotates the test secret only). */
  execute(owner: KeyScope): ResultAsync<{ readonly signingSecret: string }, never> {
    return this.unitOfWork.run(() => ResultAsync.fromSafePromise(this.rotate(owner)));
  }

  private async rotate(owner: KeyScope): Promise<{ readonly signingSecret: string }> {
    const now = this.clock.now();
    const rotated = (await webhookConfigOf(this.configs, owner, now, true)).rotateSecret(newSigningSecret(), now);
    await this.configs.save(rotated);
    return { signingSecret: rotated.signingSecret };
  }
}
