import { transact, type Clock, type JobScheduler, type UnitOfWork } from '@tuma/kernel';
import type { Catalogue } from '../catalogue/catalogue.port.ts';
import type { RetryPolicy } from '../../domain/delivery/retry-policy.ts';
import type { OutboundMessage } from '../../domain/messages/outbound-message.ts';
import type { QuietHoursGate } from '../quiet-hours/quiet-hours-gate.ts';
import type { DeliveryChanges } from './delivery-changes.ts';
import type { GatewaySelector } from './gateway-selector.ts';
import { legalTransition } from './legal-transition.ts';
import { HOLD_RECHECK_MS, type SendingHolds } from './sending-holds.port.ts';
import { SUBMIT_MESSAGE_JOB } from './sending-jobs.ts';

/** A promotional message whose hours never open now (changed since it was accepted) is looked at again after this. */
const QUIET_HOURS_RECHECK_MS = 60 * 60_000;

/** Locks the messages a job is for. */
export type Loader = () => Promise<readonly OutboundMessage[]>;
/** Enqueues the work of these held messages again later: what a job does while its account is held. */
export type Requeue = (startAfter: Date, held: readonly OutboundMessage[]) => Promise<unknown>;

/**
 * Dispatch step 1, in a unit of work of its own: under the rows' locks, each due message takes
 * `dispatched` (status `sent`, through its gateway) and commits before any gateway is called.
 * Messages of held accounts are requeued; ones in their recipients' quiet hours wait for them to
 * end; ones whose route is off are failed and refunded; one left `sent` by an attempt that died
 * counts as a `network_timeout` refusal (sent again at once with retries left) unless receipts
 * already prove the carrier has it (then it is accepted with their ids).
 */
export class ClaimMessages {
  constructor(
    private readonly catalogue: Catalogue,
    private readonly gateways: GatewaySelector,
    private readonly jobs: JobScheduler,
    private readonly holds: SendingHolds,
    private readonly changes: DeliveryChanges,
    private readonly unitOfWork: UnitOfWork,
    private readonly clock: Clock,
    private readonly quietHoursGate: QuietHoursGate,
    private readonly retryPolicy: RetryPolicy,
  ) {}

  /** The messages `load` locks, each at the attempt its job asked for: those now `sent`, to submit. */
  claim(load: Loader, attemptOf: (row: OutboundMessage) => number, requeue: Requeue): Promise<OutboundMessage[]> {
    return transact(this.unitOfWork, async () => {
      const rows = await load();
      const held = new Set<string>();
      for (const accountId of new Set(rows.map((row) => row.accountId))) if (await this.holds.isHeld(accountId)) held.add(accountId);
      if (held.size > 0) await requeue(new Date(this.clock.now().getTime() + HOLD_RECHECK_MS), rows.filter((row) => held.has(row.accountId)));
      return this.claimDue(rows.filter((row) => !held.has(row.accountId)), attemptOf);
    });
  }

  /** A message `sent` at `at`, through the gateway of its environment and route. */
  dispatched(message: OutboundMessage, at: Date): OutboundMessage {
    const gateway = this.gateways.gatewayFor(message.environment, message.routeCode);
    return legalTransition(message.id, message.dispatch(gateway.name, at));
  }

  private async claimDue(rows: readonly OutboundMessage[], attemptOf: (row: OutboundMessage) => number): Promise<OutboundMessage[]> {
    const now = this.clock.now();
    const routes = new Map<string, boolean>();
    const changed: OutboundMessage[] = [];
    const dispatched: OutboundMessage[] = [];
    for (const row of rows) {
      if (row.delivery.retryCount !== attemptOf(row) || (row.delivery.status !== 'queued' && row.delivery.status !== 'sent')) continue;
      let message = row;
      if (message.delivery.status === 'sent' && message.delivery.partOutcomes.length > 0) {
        // Receipts matched by our id came before the dead attempt recorded the acceptance: the
        // carrier has it. Accept it with the ids the receipts name rather than send it twice.
        const ids = message.delivery.partOutcomes.map((part) => part.carrierMessageId);
        changed.push(legalTransition(message.id, message.accept(ids, now)).message);
        continue;
      }
      if (message.delivery.status === 'sent') {
        const decision = legalTransition(message.id, message.afterRefusal({ errorCode: 'network_timeout', retryable: true }, now, this.retryPolicy));
        message = decision.message;
        if (!decision.retry) {
          changed.push(await this.changes.failed(message));
          continue;
        }
      }
      const quiet = message.category === 'promotional' ? await this.quietHoursGate.verdict(message, now) : undefined;
      if (quiet && quiet.kind !== 'open') {
        // In its recipient's quiet hours (a drip reaching the night, a late job, hours changed since):
        // it stays queued and its attempt waits for them to end (or an hour, for hours that never open now).
        const startAfter = quiet.kind === 'deferred' ? quiet.at : new Date(now.getTime() + QUIET_HOURS_RECHECK_MS);
        await this.jobs.enqueue(SUBMIT_MESSAGE_JOB, { messageId: message.id, attempt: message.delivery.retryCount }, { startAfter, group: message.accountId });
        if (message !== row) changed.push(message);
        continue;
      }
      if (!(await this.routeIsActive(message.routeCode, routes))) {
        changed.push(await this.changes.failed(legalTransition(message.id, message.fail('no_route', now))));
        continue;
      }
      message = this.dispatched(message, now);
      changed.push(message);
      dispatched.push(message);
    }
    await this.changes.save(rows, changed, now);
    return dispatched;
  }

  private async routeIsActive(code: string, known: Map<string, boolean>): Promise<boolean> {
    if (!known.has(code)) known.set(code, (await this.catalogue.findRoute(code))?.isActive === true);
    return known.get(code)!;
  }
}
