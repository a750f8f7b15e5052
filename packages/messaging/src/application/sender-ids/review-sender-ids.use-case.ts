import { ResultAsync } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import type { SenderIdReceipt } from './request-sender-id.use-case.ts';
import { estimateSenderIdFee } from '../../domain/sender-ids/sender-id-fee-estimate.ts';
import type { SenderIdListQuery, SenderIdRepository } from './sender-id.repository.port.ts';

export interface SenderIdReview {
  /** Newest first, each with the flat fees its approval takes (or took). */
  readonly items: readonly SenderIdReceipt[];
  readonly total: number;
}

/** Operator: requests of every account (or one), e.g. the pending ones to review, newest first. */
export class ReviewSenderIds {
  constructor(
    private readonly senderIds: SenderIdRepository,
    private readonly catalogue: Catalogue,
  ) {}

  execute(query: SenderIdListQuery): ResultAsync<SenderIdReview, never> {
    return ResultAsync.fromSafePromise(Promise.all([this.senderIds.list(query), this.catalogue.senderIdFees()])).map(([page, fees]) => ({
      items: page.requests.map((request) => ({ request, estimate: estimateSenderIdFee(request.countries, fees) })),
      total: page.total,
    }));
  }
}
