export interface DispatchReport {
  /** Messages handed to a gateway. */
  readonly submitted: number;
  readonly accepted: number;
  readonly retried: number;
  readonly failed: number;
}

/** What became of one message handed to its gateway. */
export type DispatchOutcome = 'accepted' | 'retried' | 'failed';

export const NOTHING_DISPATCHED: DispatchReport = { submitted: 0, accepted: 0, retried: 0, failed: 0 };

export function sumOf(reports: readonly DispatchReport[]): DispatchReport {
  return reports.reduce((sum, report) => ({ submitted: sum.submitted + report.submitted, accepted: sum.accepted + report.accepted, retried: sum.retried + report.retried, failed: sum.failed + report.failed }), NOTHING_DISPATCHED);
}

/** The report of messages handed to a gateway, by what became of each (none: a refusal found it moved on). */
export function reportOf(outcomes: Iterable<DispatchOutcome | undefined>): DispatchReport {
  const report = { submitted: 0, accepted: 0, retried: 0, failed: 0 };
  for (const outcome of outcomes) {
    report.submitted++;
    if (outcome) report[outcome]++;
  }
  return report;
}
