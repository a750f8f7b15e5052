/** A valid outbound message for tests: one GSM-7 segment to Kenya, charged, queued; override what matters. */
import { Money, newId } from '@tuma/kernel';
import { queuedDelivery } from '../domain/delivery/delivery-state.ts';
import { OutboundMessage, type OutboundMessageSnapshot } from '../domain/messages/outbound-message.ts';

export const FIXTURE_TIME = new Date(Date.UTC(2026, 10, 21, 9, 0, 0));

const money = (amount: string, currency: string) => Money.parse(amount, currency)._unsafeUnwrap();

export function outboundMessageFixture(accountId: string, overrides: Partial<OutboundMessageSnapshot> = {}): OutboundMessage {
  const createdAt = overrides.createdAt ?? FIXTURE_TIME;
  return OutboundMessage.rehydrate({
    id: newId('msg', createdAt),
    accountId,
    apiKeyId: 'key_1',
    environment: 'live',
    batchId: null,
    batchSeq: null,
    phone: '+254712345678',
    country: 'KE',
    routeCode: 'SVC_KE',
    senderId: 'TUMA',
    text: 'Habari',
    originalText: null,
    category: 'transactional',
    encoding: 'GSM7',
    segments: 1,
    pricePerSegment: money('0.8', 'KES'),
    routeCost: money('0.8', 'KES'),
    cost: money('0.006154', 'USD'),
    chargeEntryId: 'txn_1',
    scheduledAt: null,
    createdAt,
    carrier: null,
    delivery: queuedDelivery(),
    ...overrides,
  });
}
