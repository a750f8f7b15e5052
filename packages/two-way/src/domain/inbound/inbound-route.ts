import { normalizeKeyword } from '@tuma/messaging';
import { Keyword } from '../keywords/keyword.value-object.ts';
import type { TwoWayServiceSnapshot } from '../services/two-way-service.aggregate.ts';

/** The service a text to a short code is for, and the part of it read for STOP and START. */
export interface InboundRoute {
  readonly service: TwoWayServiceSnapshot;
  /** The whole text on a dedicated code; on a shared code, the words after the keyword ("PIZZA STOP" opts out of PIZZA's account). */
  readonly keywordText: string;
}

/**
 * Routes a text among the approved live services on the short code it was sent to: a dedicated
 * code's service takes every text; on a shared code, the service whose keyword is the text's first
 * word, compared as keywords compare (case and width do not matter). Null when no service takes it
 * (a shared code's text without a known keyword: the SMS pipeline attributes it as any reply).
 */
export function routeInbound(services: readonly TwoWayServiceSnapshot[], text: string): InboundRoute | null {
  const dedicated = services.find((s) => s.type === 'dedicated');
  if (dedicated) return { service: dedicated, keywordText: text };
  const first = Keyword.firstWordOf(text);
  const shared = services.find((s) => s.type === 'shared' && s.keyword === first);
  return shared ? { service: shared, keywordText: normalizeKeyword(text).split(' ').slice(1).join(' ') } : null;
}
