import { atomically, err, errAsync, Money, ok, ResultAsync, validationError, type Clock, type FieldIssue, type UnitOfWork, type ValidationError } from '@tuma/kernel';
import { Keyword } from '../../domain/keywords/keyword.value-object.ts';
import type { TwoWayPricingEntry } from '../../domain/pricing/two-way-pricing-entry.ts';
import { SERVICE_TYPES, type ServiceType } from '../../domain/services/service-status.ts';
import type { KeywordTakenError } from '../../domain/services/two-way-errors.ts';
import { TwoWayService, type ServicePrices, type TwoWayServiceSnapshot } from '../../domain/services/two-way-service.aggregate.ts';
import type { TwoWayPricing } from '../pricing/two-way-pricing.ts';
import { checkHttpsUrl, checkRequiredText } from './service-fields.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';
import type { WebhookUrlPolicy } from './webhook-url-policy.port.ts';

export interface RequestServiceInput {
  readonly accountId: string;
  readonly countryCode: string;
  readonly type: string;
  readonly keyword?: string | null;
  readonly tollFree?: boolean;
  readonly useCase: string;
  readonly companyName: string;
  readonly kycDocumentUrls: readonly string[];
  readonly webhookUrl?: string | null;
}

export type RequestServiceError = ValidationError | KeywordTakenError;

/** The prices a request is made at. A shared keyword lives on Tuma's code: no network setup, no setup fee. */
function pricesOf(entry: TwoWayPricingEntry, type: ServiceType, tollFree: boolean): ServicePrices {
  const sms = entry.inboundPriceUsd!;
  return {
    setupFeeUsd: type === 'dedicated' ? entry.setupFeeUsd : Money.zero(entry.setupFeeUsd.currency),
    monthlyFeeUsd: type === 'dedicated' ? entry.monthlyFeeUsd : entry.sharedKeywordMonthlyFeeUsd,
    inboundPriceUsd: tollFree ? (entry.tollFreeInboundPriceUsd ?? sms) : sms,
    outboundPriceUsd: entry.outboundPriceUsd!,
  };
}

/**
 * `POST /two-way/services`: a pending request, number null, nothing charged. Every bad field is
 * named in one 422 (the webhook URL checked by the SSRF guard, DNS included); a shared keyword a
 * live service of the country holds is 409 `keyword_taken`, claimed by the insert itself.
 */
export class RequestService {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly pricing: TwoWayPricing,
    private readonly webhookUrls: WebhookUrlPolicy,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  execute(input: RequestServiceInput): ResultAsync<TwoWayServiceSnapshot, RequestServiceError> {
    const countryCode = input.countryCode.trim().toUpperCase();
    const webhook = input.webhookUrl ? this.webhookUrls.check(input.webhookUrl) : Promise.resolve(null);
    return ResultAsync.fromSafePromise(Promise.all([this.pricing.entryFor(countryCode), webhook])).andThen(([entry, webhookUrl]) => {
      const issues: FieldIssue[] = [];
      if (!entry?.isAvailable) issues.push({ path: 'country_code', message: `Two-way SMS is not available in ${countryCode}` });
      const type = SERVICE_TYPES.find((t) => t === input.type);
      if (!type) issues.push({ path: 'type', message: `One of ${SERVICE_TYPES.join(', ')}` });
      let keyword: string | null = null;
      if (type === 'shared' && !input.keyword) issues.push({ path: 'keyword', message: 'Required for a shared service' });
      else if (type === 'shared' && input.keyword) {
        const parsed = Keyword.create(input.keyword);
        if (parsed.isErr()) issues.push(...parsed.error.details);
        else keyword = parsed.value.value;
      }
      const tollFree = input.tollFree ?? false;
      if (tollFree && entry?.isAvailable && !entry.tollFreeAvailable) issues.push({ path: 'toll_free', message: `Toll-free short codes are not available in ${countryCode}` });
      issues.push(...checkRequiredText('use_case', input.useCase), ...checkRequiredText('company_name', input.companyName));
      if (input.kycDocumentUrls.length === 0) issues.push({ path: 'kyc_document_urls', message: 'At least one document' });
      input.kycDocumentUrls.forEach((url, i) => issues.push(...checkHttpsUrl(`kyc_document_urls.${i}`, url)));
      const webhookValue = webhookUrl?.isOk() ? webhookUrl.value : null;
      if (webhookUrl?.isErr()) issues.push({ path: 'webhook_url', message: webhookUrl.error });
      else if (webhookValue) issues.push(...checkHttpsUrl('webhook_url', webhookValue));
      if (issues.length > 0 || !entry || !type) return errAsync(validationError(issues));
      const draft = TwoWayService.request(
        {
          accountId: input.accountId,
          countryCode,
          type,
          keyword,
          tollFree,
          useCase: input.useCase.trim(),
          companyName: input.companyName.trim(),
          kycDocumentUrls: input.kycDocumentUrls,
          webhookUrl: webhookValue,
          autoReplyEnabled: false,
          autoReplyText: '',
          forwardEmail: null,
          prices: pricesOf(entry, type, tollFree),
        },
        this.clock.now(),
      );
      return atomically(this.unitOfWork, async () => {
        const added = await this.services.add(draft);
        return added.isOk() ? ok(added.value) : err(added.error);
      });
    });
  }
}
