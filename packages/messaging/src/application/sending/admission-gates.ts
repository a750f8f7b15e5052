import type { DomainError } from '@tuma/kernel';

/** A send its caller's own limit refused (Verify's velocity guard): nothing is charged or stored. */
export interface SendRateLimitedError extends DomainError {
  readonly type: 'rate_limited';
  /** Seconds until it may be tried again. */
  readonly retryAfter: number;
}

/**
 * A caller's limit on its sends, decided in the unit of work that stores them, before anything is
 * charged (Verify: its velocity guard), so that counting a send and storing it take one commit
 * rather than two (docs/performance.md, "Verify"). The sends of one group commit at the same gate
 * are decided in one call, in their order: one refusal or undefined (admitted) per ticket.
 */
export interface AdmissionGate<Ticket> {
  admit(tickets: readonly Ticket[]): Promise<readonly (SendRateLimitedError | undefined)[]>;
}

/** A send's ticket at its caller's gate. */
export interface Admission {
  readonly gate: AdmissionGate<never>;
  readonly ticket: unknown;
}

export const admissionAt = <Ticket>(gate: AdmissionGate<Ticket>, ticket: Ticket): Admission => ({ gate: gate as AdmissionGate<never>, ticket });

/** Each send's refusal at its gate (undefined: admitted, or no gate), by position: one call per gate, tickets in the sends' order. */
export async function refusalsAtGates(admissions: readonly (Admission | undefined)[]): Promise<(SendRateLimitedError | undefined)[]> {
  const byGate = new Map<AdmissionGate<never>, number[]>();
  admissions.forEach((admission, index) => {
    if (admission) byGate.set(admission.gate, [...(byGate.get(admission.gate) ?? []), index]);
  });
  const refusals: (SendRateLimitedError | undefined)[] = admissions.map(() => undefined);
  for (const [gate, positions] of byGate) {
    const decided = await (gate as AdmissionGate<unknown>).admit(positions.map((position) => admissions[position]!.ticket));
    positions.forEach((position, at) => (refusals[position] = decided[at]));
  }
  return refusals;
}
