import { ResultAsync } from '@tuma/kernel';
import { Keyword, RESERVED_KEYWORDS } from '../../domain/keywords/keyword.value-object.ts';
import type { TwoWayPricing } from '../pricing/two-way-pricing.ts';
import type { TwoWayServiceRepository } from './two-way-service.repository.port.ts';

/** Why a keyword is not available; null when it is. */
export type KeywordUnavailableReason = 'invalid' | 'reserved' | 'taken' | 'country_unavailable' | null;

export interface KeywordCheck {
  /** As it would be held (upper case), or as given when invalid. */
  readonly keyword: string;
  readonly countryCode: string;
  readonly available: boolean;
  readonly reason: KeywordUnavailableReason;
}

/** `GET /keywords/check?keyword=&country_code=`: whether a shared request of it would be accepted now. */
export class CheckKeyword {
  constructor(
    private readonly services: TwoWayServiceRepository,
    private readonly pricing: TwoWayPricing,
  ) {}

  execute(input: { readonly keyword: string; readonly countryCode: string }): ResultAsync<KeywordCheck, never> {
    const countryCode = input.countryCode.trim().toUpperCase();
    const parsed = Keyword.create(input.keyword);
    return ResultAsync.fromSafePromise(
      (async (): Promise<KeywordCheck> => {
        const answer = (keyword: string, reason: KeywordUnavailableReason) => ({ keyword, countryCode, available: reason === null, reason });
        if (!(await this.pricing.entryFor(countryCode))?.isAvailable) return answer(input.keyword, 'country_unavailable');
        if (parsed.isErr()) return answer(input.keyword, RESERVED_KEYWORDS.has(Keyword.normalise(input.keyword)) ? 'reserved' : 'invalid');
        const holder = await this.services.keywordHolder(countryCode, parsed.value.value);
        return answer(parsed.value.value, holder === undefined ? null : 'taken');
      })(),
    );
  }
}
