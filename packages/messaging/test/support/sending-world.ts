/** Sends and their dispatch over the in-memory stores, a fake clock, in-memory jobs and a scripted carrier. */
import { FxRate, InMemoryFxRates, InMemoryWalletStore, WalletLedger } from '@tuma/billing';
import { err, FakeClock, ImmediateUnitOfWork, InMemoryJobScheduler, Money, ok } from '@tuma/kernel';
import {
  ApplyDeliveryReceipts,
  CancelMessages,
  DispatchMessages,
  DISPATCH_BATCH_JOB,
  DRIP_BATCH_JOB,
  EnvironmentGateways,
  InMemoryBatchAudience,
  InMemoryBatchRepository,
  InMemoryCatalogue,
  InMemoryMessageRepository,
  InMemoryOptOutList,
  InMemorySenderIdRepository,
  PlanBulkSend,
  RecordingEventPublisher,
  RunDripStep,
  SendBulk,
  SendMessage,
  submitRejected,
  SUBMIT_MESSAGE_JOB,
  unthrottled,
  type CarrierGateway,
  type CarrierSubmission,
  type ContactSource,
  type RouteThrottle,
  type Sender,
  type SubmitResult,
} from '../../src/index.ts';

export const ACCOUNT = 'acc_sending_test';
export const LIVE: Sender = { accountId: ACCOUNT, apiKeyId: 'key_live', environment: 'live', walletCurrency: 'USD' };
export const TEST: Sender = { ...LIVE, apiKeyId: 'key_test', environment: 'test' };

/** A carrier whose answer per number is scripted (default: accepted), recording every submission. */
export class ScriptedGateway implements CarrierGateway {
  readonly submissions: CarrierSubmission[] = [];
  private readonly scripts = new Map<string, SubmitResult[]>();
  private sequence = 0;

  constructor(readonly name: string) {}

  /** The next submissions to `to` get these answers, in order; then acceptance. */
  script(to: string, ...answers: SubmitResult[]): void {
    this.scripts.set(to, answers);
  }

  async submit(submission: CarrierSubmission): Promise<SubmitResult> {
    this.submissions.push(submission);
    const scripted = this.scripts.get(submission.to)?.shift();
    return scripted ?? ok({ carrierMessageIds: submission.parts.map(() => `${this.name}-${++this.sequence}`) });
  }
}

export const refusal = (code: 'throttled' | 'invalid_destination', retryable: boolean): SubmitResult => err(submitRejected(code, retryable, code));

export async function sendingWorld(options: { throttle?: RouteThrottle; contacts?: ContactSource } = {}) {
  const clock = new FakeClock('2026-11-21T09:00:00.000Z');
  const unitOfWork = new ImmediateUnitOfWork();
  const catalogue = new InMemoryCatalogue();
  const fxRates = new InMemoryFxRates();
  for (const [from, to, rate] of [
    ['USD', 'KES', '129.5'],
    ['USD', 'NGN', '1550'],
  ] as const) {
    await fxRates.set(FxRate.set({ from, to, rate }, clock.now())._unsafeUnwrap());
  }
  const ledger = new WalletLedger(new InMemoryWalletStore(), unitOfWork, clock);
  const optOuts = new InMemoryOptOutList();
  const approvals = new InMemorySenderIdRepository();
  const messages = new InMemoryMessageRepository();
  const batches = new InMemoryBatchRepository();
  const audience = new InMemoryBatchAudience(messages);
  const jobs = new InMemoryJobScheduler(clock);
  const events = new RecordingEventPublisher();
  const live = new ScriptedGateway('carrier');
  const sandbox = new ScriptedGateway('sandbox');
  const contacts: ContactSource = options.contacts ?? { membersOf: async () => ok([]) };
  /** Suspended accounts, whose messages are held. */
  const suspended = new Set<string>();
  const holds = { isHeld: async (accountId: string) => suspended.has(accountId) };
  const dispatch = new DispatchMessages(messages, audience, catalogue, new EnvironmentGateways(live, sandbox), options.throttle ?? unthrottled, ledger, jobs, events, holds, unitOfWork, clock);
  const plan = new PlanBulkSend(catalogue, fxRates, optOuts, approvals, contacts);
  const drip = new RunDripStep(dispatch, jobs, clock);
  jobs.register(SUBMIT_MESSAGE_JOB, async (p) => void (await dispatch.submitMessage(p.messageId, p.attempt)));
  jobs.register(DISPATCH_BATCH_JOB, async (p) => void (await dispatch.submitBatchRange(p.batchId, p.fromSeq, p.toSeq)));
  jobs.register(DRIP_BATCH_JOB, (p) => drip.execute(p));

  return {
    clock,
    catalogue,
    ledger,
    optOuts,
    messages,
    batches,
    jobs,
    live,
    sandbox,
    dispatch,
    send: new SendMessage(catalogue, fxRates, optOuts, approvals, messages, ledger, jobs, events, unitOfWork, clock),
    sendBulk: new SendBulk(plan, audience, batches, ledger, jobs, unitOfWork, clock),
    cancel: new CancelMessages(messages, batches, audience, ledger, events, unitOfWork, clock),
    receipts: new ApplyDeliveryReceipts(messages, events, unitOfWork, clock),
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
