import type { OutcomeEvent } from '@tuma/mail';

/** What the outbox does with one recipient: the outcomes it reports, or a refusal. */
export type SimulatedDelivery =
  | { readonly kind: 'outcomes'; readonly events: readonly OutcomeEvent[]; readonly reason: string | null }
  /** Refused at the next hop: this recipient only (`permanent`), or the whole message for now (`temporary`). */
  | { readonly kind: 'refuse'; readonly permanence: 'permanent' | 'temporary' };

const DELIVERED: SimulatedDelivery = { kind: 'outcomes', events: ['sent', 'delivered'], reason: null };

/**
 * The outbox's magic recipients, matched on the local part at any domain, `+tag` and case aside
 * (`bounce+welcome@example.org`), like the SMS simulator's magic numbers. docs/mail.md lists them.
 */
export const MAGIC_RECIPIENTS: Readonly<Record<string, SimulatedDelivery>> = Object.freeze({
  bounce: { kind: 'outcomes', events: ['sent', 'bounced'], reason: '550 5.1.1 The email account does not exist' },
  complaint: { kind: 'outcomes', events: ['sent', 'delivered', 'complained'], reason: null },
  fail: { kind: 'outcomes', events: ['failed'], reason: '554 5.7.1 Message rejected' },
  refuse: { kind: 'refuse', permanence: 'permanent' },
  defer: { kind: 'refuse', permanence: 'temporary' },
});

export function simulatedDelivery(address: string): SimulatedDelivery {
  const local = address.toLowerCase().split('@')[0]!.split('+')[0]!;
  return MAGIC_RECIPIENTS[local] ?? DELIVERED;
}
