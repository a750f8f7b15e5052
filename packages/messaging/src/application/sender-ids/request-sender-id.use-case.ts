import { atomically, errAsync, ResultAsync, validationError, type Clock, type FieldIssue, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import { parseSenderIdCountries } from '../../domain/sender-ids/sender-id-countries.ts';
import type { SenderIdTakenError } from '../../domain/sender-ids/sender-id-errors.ts';
import { estimateSenderIdFee, type SenderIdFeeEstimate } from '../../domain/sender-ids/sender-id-fee-estimate.ts';
import { SenderIdName } from '../../domain/sender-ids/sender-id-name.value-object.ts';
import { SENDER_ID_USE_CASE_MAX_LENGTH, SenderIdRequest } from '../../domain/sender-ids/sender-id-request.aggregate.ts';
import type { SenderIdRepository } from './sender-id.repository.port.ts';

export interface RequestSenderIdInput {
  readonly accountId: string;
  readonly name: string;
  /** ISO alpha-2 market codes, any case; duplicates collapse. */
  readonly countries: readonly string[];
  /** Optional; blank counts as none. */
  readonly useCase?: string | null;
}

export interface SenderIdReceipt {
  readonly request: SenderIdRequest;
  /** What approval would charge automatically (nothing is charged now). */
  readonly estimate: SenderIdFeeEstimate;
}

export type RequestSenderIdError = ValidationError | SenderIdTakenError;

/**
 * A customer asks to register a sender ID in some countries. The request is pending, nothing is
 * charged; the answer estimates the flat fees approval will take. Every bad field is named in one
 * validation error; a name the account already holds in one of the countries is a conflict.
 */
export class RequestSenderId {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly senderIds: SenderIdRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: RequestSenderIdInput): ResultAsync<SenderIdReceipt, RequestSenderIdError> {
    return ResultAsync.fromSafePromise(Promise.all([this.catalogue.listMarkets(), this.catalogue.senderIdFees()])).andThen(([markets, fees]) => {
      const issues: FieldIssue[] = [];
      const name = SenderIdName.create(input.name);
      if (name.isErr()) issues.push(...name.error.details);
      const countries = parseSenderIdCountries(input.countries, new Set(markets.map((m) => m.countryCode)));
      if (countries.isErr()) issues.push(...countries.error);
      const useCase = input.useCase?.trim() || null;
      if (useCase && useCase.length > SENDER_ID_USE_CASE_MAX_LENGTH) {
        issues.push({ path: 'use_case', message: `At most ${SENDER_ID_USE_CASE_MAX_LENGTH} characters` });
      }
      if (name.isErr() || countries.isErr() || issues.length > 0) {
        return errAsync(validationError(issues));
      }
      const draft = SenderIdRequest.draft(
        { accountId: input.accountId, name: name.value.value, countries: countries.value, useCase },
        this.clock.now(),
      );
      return atomically(this.unitOfWork, () => this.senderIds.add(draft))
        .map((request) => ({ request, estimate: estimateSenderIdFee(request.countries, fees) }));
    });
  }
}
