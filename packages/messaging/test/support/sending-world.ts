/** Sends and their dispatch: the SMS core on in-memory ports (`inMemoryMessaging`), a fake clock, in-memory jobs and scripted carriers. */
import { FxRate } from '@tuma/billing';
import { createIdempotency } from '@tuma/idempotency';
import { currency, err, Money, ok } from '@tuma/kernel';
import { FakeClock } from '@tuma/kernel/testing';
import { EnvironmentGateways, messagingJobRoutes, submitRejected, type CarrierGateway, type CarrierSubmission, type MessagingPorts, type Sender, type SubmitResult } from '../../src/index.ts';
import { inMemoryMessaging, RecordingEventPublisher } from '../../src/testing/index.ts';

export const ACCOUNT = 'acc_sending_test';
export const LIVE: Sender = { accountId: ACCOUNT, apiKeyId: 'key_live', environment: 'live', walletCurrency: currency('USD') };
export const TEST: Sender = { ...LIVE, apiKeyId: 'key_test', environment: 'test' };

/** A carrier whose answer per number is scripted (default: accepted), recording every submission. */
export class ScriptedGateway implements CarrierGateway {
  readonly submissions: CarrierSubmission[] = [];
  private readonly scripts = new Map<string, (SubmitResult | Error)[]>();
  private sequence = 0;

  constructor(readonly name: string) {}

  /** The next submissions to `to` get these answers, in order (an Error is thrown, as a gateway whose client rejects); then acceptance. */
  script(to: string, ...answers: (SubmitResult | Error)[]): void {
    this.scripts.set(to, answers);
  }

  async submit(submission: CarrierSubmission): Promise<SubmitResult> {
    this.submissions.push(submission);
    const scripted = this.scripts.get(submission.to)?.shift();
    if (scripted instanceof Error) throw scripted;
    return scripted ?? ok({ carrierMessageIds: submission.parts.map(() => `${this.name}-${++this.sequence}`) });
  }
}

export const IDEMPOTENCY_LEASE_MS = 30_000;

export const refusal = (code: 'throttled' | 'invalid_destination', retryable: boolean): SubmitResult => err(submitRejected(code, retryable, code));

/** `routeThrottle`: the routes' throughput (default: none); `batchContext`: each batch in a context of its own, as on a database (sends then commit two batches at once); `dispatch`: the dispatch's options. */
export async function sendingWorld(options: Pick<MessagingPorts, 'routeThrottle' | 'batchContext' | 'dispatch'> = {}) {
  const clock = new FakeClock('2026-11-21T09:00:00.000Z');
  const live = new ScriptedGateway('carrier');
  const sandbox = new ScriptedGateway('sandbox');
  const events = new RecordingEventPublisher();
  /** Suspended accounts, whose messages are held. */
  const suspended = new Set<string>();
  const { messaging, ports } = inMemoryMessaging({
    clock,
    gateways: new EnvironmentGateways(live, sandbox),
    eventPublisher: events,
    sendingHolds: { isHeld: async (accountId: string) => suspended.has(accountId) },
    ...options,
  });
  for (const [from, to, rate] of [
    ['USD', 'KES', '129.5'],
    ['USD', 'NGN', '1550'],
  ] as const) {
    await ports.fxRates.set(FxRate.set({ from, to, rate }, clock.now())._unsafeUnwrap());
  }
  const { jobs, walletLedger: ledger, messageRepository: messages } = ports;
  for (const route of messagingJobRoutes(messaging)) route.register(jobs, (attempt) => attempt());

  return {
    clock,
    catalogue: ports.catalogue,
    fxRates: ports.fxRates,
    quietHours: ports.quietHoursCatalogue,
    ledger,
    optOuts: ports.optOutList,
    messages,
    batches: ports.batchRepository,
    jobs,
    live,
    sandbox,
    dispatch: messaging.dispatchMessages,
    send: messaging.sendMessage,
    sendOtp: messaging.sendOtpMessage,
    sendBulk: messaging.sendBulk,
    /** Idempotency-Key use cases over the same key store as the sends (a 30 s lease). */
    idempotency: createIdempotency({ keyStore: ports.idempotencyKeys, clock, leaseMs: IDEMPOTENCY_LEASE_MS }),
    cancel: messaging.cancelMessages,
    receipts: messaging.applyDeliveryReceipts,
    events,
    suspended,
    async fund(amount: string): Promise<void> {
      (await ledger.openWallet({ accountId: ACCOUNT, currency: 'USD' as never }))._unsafeUnwrap();
      (await ledger.credit({ accountId: ACCOUNT, amount: Money.parse(amount, 'USD')._unsafeUnwrap(), reason: 'funds', reference: `fund:${amount}` }))._unsafeUnwrap();
    },
    async balance(): Promise<string> {
      return (await ledger.balance(ACCOUNT))._unsafeUnwrap()!.balance.toDecimalString();
    },
    async message(id: string) {
      return (await messages.find(ACCOUNT, id))!;
    },
  };
}
