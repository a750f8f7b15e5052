import { atomically, err, notFound, ok, ResultAsync, type Clock, type NotFoundError, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import type { SenderIdNotPendingError } from '../../domain/sender-ids/sender-id-errors.ts';
import { estimateSenderIdFee } from '../../domain/sender-ids/sender-id-fee-estimate.ts';
import type { SenderIdDecision } from './approve-sender-id.use-case.ts';
import type { SenderIdRepository } from './sender-id.repository.port.ts';

export interface RejectSenderIdInput {
  readonly id: number;
  /** Shown to the customer: trimmed, 1 to 500 characters. */
  readonly reason: string;
}

export type RejectSenderIdError = NotFoundError | SenderIdNotPendingError | ValidationError;

/** Operator: rejects a pending request. Nothing is charged; the name is free again in its countries. */
export class RejectSenderId {
  constructor(
    private readonly senderIds: SenderIdRepository,
    private readonly catalogue: Catalogue,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: RejectSenderIdInput): ResultAsync<SenderIdDecision, RejectSenderIdError> {
    return atomically<SenderIdDecision, RejectSenderIdError>(this.unitOfWork, async () => {
      const request = await this.senderIds.findById(input.id, { forUpdate: true });
      if (!request) return err(notFound('sender_id', String(input.id)));
      const rejected = request.reject(input.reason, this.clock.now());
      if (rejected.isErr()) return err(rejected.error);
      await this.senderIds.save(request);
      return ok({ request, estimate: estimateSenderIdFee(request.countries, await this.catalogue.senderIdFees()), entry: null });
    });
  }
}
