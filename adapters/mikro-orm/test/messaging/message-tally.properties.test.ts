/**
 * The hourly tallies answer exactly what a scan of the messages answers (issue 34): after any mix of
 * sends, bulk members written, status changes (dispatch, receipts, failures with and without a
 * refund, cancellations) and folds at any point, for windows of any bounds, on PGlite and on
 * PostgreSQL; and under concurrent writers and folders on PostgreSQL.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { currency, Money, newId } from '@tuma/kernel';
import { OutboundMessage, ReportWindow, type MessageBatch, type ReportScope } from '@tuma/messaging';
import { plain, reportMessage, type ReportMessageSpec } from '@tuma/messaging/testing/contracts';
import {
  MESSAGE_SCAN,
  MESSAGE_TALLY,
  MikroOrmBatchAudience,
  MikroOrmBatchRepository,
  MikroOrmMessageReports,
  MikroOrmMessageRepository,
  RollupFolds,
  type Database,
} from '../../src/index.ts';
import { Migration20261205000100MessageTallies } from '../../src/migrations/Migration20261205000100MessageTallies.ts';
import { databaseKind, testDatabase, truncateAll } from '../../../../test/support/test-database.ts';
import { insertAccount } from '../support/wallet-accounts.ts';

const USD = currency('USD');
const HOUR_MS = 3_600_000;
/** Messages are created within three days from here; windows reach an hour past either end. */
const START = Date.parse('2026-11-20T00:00:00Z');
const SPAN_MS = 3 * 24 * HOUR_MS;

type Outcome = ReportMessageSpec['outcome'];
const OUTCOMES: readonly Outcome[] = ['queued', 'sent', 'submitted', 'delivered', 'failed_by_carrier', 'failed_before_carrier', 'cancelled', 'opted_out'];
/** What a stored message can become: what dispatch, receipts and cancellations write (opted out is only ever written at creation). */
const LATER: readonly Outcome[] = OUTCOMES.filter((outcome) => outcome !== 'opted_out');

/** A message as the command that writes it sees it: owner, time, dimensions and where it is now. */
const messageArbitrary = fc.record({
  account: fc.constantFrom(0, 1),
  minute: fc.integer({ min: 0, max: SPAN_MS / 60_000 - 1 }),
  second: fc.integer({ min: 0, max: 59 }),
  outcome: fc.constantFrom(...OUTCOMES),
  country: fc.constantFrom('KE' as const, 'NG' as const, 'GH' as const),
  environment: fc.constantFrom('live' as const, 'live' as const, 'test' as const),
  apiKeyId: fc.constantFrom('key_a', 'key_b', null),
  segments: fc.integer({ min: 1, max: 4 }),
  cost: fc.constantFrom('0.01', '0.023456', '1.5', '0.000001'),
});
type MessageDraft = typeof messageArbitrary extends fc.Arbitrary<infer T> ? T : never;

type Command =
  | { readonly kind: 'send'; readonly messages: readonly MessageDraft[]; readonly batched: boolean }
  | { readonly kind: 'keepAndWrite'; readonly messages: readonly MessageDraft[] }
  | { readonly kind: 'change'; readonly picks: readonly { readonly index: number; readonly outcome: Outcome }[] }
  | { readonly kind: 'fold' };

const commandArbitrary: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('send' as const), messages: fc.array(messageArbitrary, { minLength: 1, maxLength: 12 }), batched: fc.boolean() }),
  fc.record({ kind: fc.constant('keepAndWrite' as const), messages: fc.array(messageArbitrary, { minLength: 1, maxLength: 8 }) }),
  fc.record({ kind: fc.constant('change' as const), picks: fc.array(fc.record({ index: fc.nat(), outcome: fc.constantFrom(...LATER) }), { minLength: 1, maxLength: 10 }) }),
  fc.constant({ kind: 'fold' as const }),
);

/** Bounds anywhere around the messages: at any second, or on whole hours, or on whole days. */
const windowArbitrary = fc
  .tuple(fc.integer({ min: -HOUR_MS / 1000, max: (SPAN_MS + HOUR_MS) / 1000 }), fc.integer({ min: 1, max: (SPAN_MS + 2 * HOUR_MS) / 1000 }), fc.constantFrom(1_000, HOUR_MS, 24 * HOUR_MS))
  .map(([fromSecond, lengthSeconds, grain]) => {
    const from = Math.floor((START + fromSecond * 1000) / grain) * grain;
    return { from: new Date(from), to: new Date(from + Math.max(grain, Math.ceil((lengthSeconds * 1000) / grain) * grain)) };
  });


interface World {
  readonly database: Database;
  readonly messages: MikroOrmMessageRepository;
  readonly batches: MikroOrmBatchRepository;
  readonly audience: MikroOrmBatchAudience;
  readonly folds: RollupFolds;
  readonly tallied: MikroOrmMessageReports;
  readonly scanned: MikroOrmMessageReports;
  readonly accounts: readonly [string, string];
}

async function openWorld(): Promise<World> {
  const database = await testDatabase();
  await truncateAll(database);
  return {
    database,
    messages: new MikroOrmMessageRepository(database),
    batches: new MikroOrmBatchRepository(database),
    audience: new MikroOrmBatchAudience(database),
    folds: new RollupFolds(database, [MESSAGE_TALLY]),
    tallied: new MikroOrmMessageReports(database),
    scanned: new MikroOrmMessageReports(database, MESSAGE_SCAN),
    accounts: [await insertAccount(database, 'USD'), await insertAccount(database, 'USD')],
  };
}

const bulkSend = (account: string, environment: 'live' | 'test', createdAt: Date, total: number): MessageBatch => ({
  id: newId('bat', createdAt),
  accountId: account,
  apiKeyId: 'key_a',
  environment,
  status: 'sending',
  text: 'Hi {{name}}',
  senderId: null,
  total,
  cost: Money.parse('1', 'USD')._unsafeUnwrap(),
  chargeEntryId: 'txn_bulk',
  scheduledAt: null,
  dripRate: null,
  createdAt,
});

/** Runs commands on the real statements, keeping the messages written so far for the changes. */
class Writer {
  readonly written: OutboundMessage[] = [];

  constructor(private readonly world: World) {}

  private spec(draft: MessageDraft, batch?: { id: string; seq: number }): ReportMessageSpec {
    return {
      account: this.world.accounts[draft.account]!,
      createdAt: new Date(START + draft.minute * 60_000 + draft.second * 1000).toISOString(),
      outcome: draft.outcome,
      country: draft.country,
      environment: draft.environment,
      apiKeyId: draft.apiKeyId,
      segments: draft.segments,
      cost: draft.cost,
      ...(batch ? { batch } : {}),
    };
  }

  /** A bulk send's members share its owner, environment and creation (the dispatch writes them so). */
  private async members(drafts: readonly MessageDraft[]): Promise<{ batch: MessageBatch; members: OutboundMessage[] }> {
    const first = drafts[0]!;
    const batch = bulkSend(this.world.accounts[first.account]!, first.environment, new Date(START + first.minute * 60_000), drafts.length);
    await this.world.batches.add(batch);
    const members = drafts.map((draft, seq) => reportMessage(this.spec({ ...draft, account: first.account, environment: first.environment, minute: first.minute, second: 0 }, { id: batch.id, seq })));
    return { batch, members };
  }

  run(command: Command): Promise<void> {
    return this.world.database.withContext(async () => {
      switch (command.kind) {
        case 'send': {
          const messages = command.batched ? (await this.members(command.messages)).members : command.messages.map((draft) => reportMessage(this.spec(draft)));
          await this.world.messages.add(messages);
          this.written.push(...messages);
          return;
        }
        case 'keepAndWrite': {
          // Queued members kept in chunks, then written by the dispatch's statement (`materialize`).
          const { batch, members } = await this.members(command.messages.map((draft) => ({ ...draft, outcome: 'queued' as const })));
          await this.world.audience.keep(batch, members);
          await this.world.audience.materialize(batch.id, 0, members.length - 1);
          this.written.push(...(await this.world.messages.findMany(batch.accountId, members.map((m) => m.id))));
          return;
        }
        case 'change': {
          if (this.written.length === 0) return;
          const changed = new Map<string, OutboundMessage>();
          for (const { index, outcome } of command.picks) {
            const message = this.written[index % this.written.length]!;
            const next = reportMessage({ account: message.accountId, createdAt: message.createdAt.toISOString(), outcome, country: message.country as 'KE' });
            changed.set(message.id, OutboundMessage.rehydrate({ ...message, carrier: next.carrier, delivery: next.delivery }));
          }
          await this.world.messages.saveDelivery([...changed.values()]);
          for (const [id, message] of changed) this.written[this.written.findIndex((m) => m.id === id)] = message;
          return;
        }
        case 'fold':
          await this.world.folds.foldAll();
          return;
      }
    });
  }
}

/** Every report of the scope over the window, from the tallies and from the scan, must be the same. */
async function expectSameAnswers(world: World, scope: ReportScope, window: ReportWindow): Promise<void> {
  const answers = (reports: MikroOrmMessageReports) =>
    world.database.withContext(async () => ({
      totals: await reports.totals(scope, window),
      daily: await reports.daily(scope, window),
      report: await reports.report(scope, window),
      breakdown: await reports.breakdown(scope, window, 500),
    }));
  const [tallied, scanned] = [await answers(world.tallied), await answers(world.scanned)];
  expect(plain(tallied), `${scope.accountId} ${scope.environment} ${window.from.toISOString()} - ${window.to.toISOString()}`).to.deep.equal(plain(scanned));
}

describe(`message tallies equal a scan of the messages (${databaseKind()})`, function () {
  this.timeout(300_000);
  let world: World;
  before(async () => {
    world = await openWorld();
  });

  it('law: for any mix of sends, bulk members, status changes and folds, every report over any window is the scan\'s', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(commandArbitrary, { minLength: 1, maxLength: 10 }), fc.array(windowArbitrary, { minLength: 1, maxLength: 4 }), async (commands, windows) => {
        await truncateAll(world.database);
        world = { ...world, accounts: [await insertAccount(world.database, 'USD'), await insertAccount(world.database, 'USD')] };
        const writer = new Writer(world);
        for (const command of commands) await writer.run(command);
        for (const bounds of windows) {
          const window = ReportWindow.create(bounds, bounds.to)._unsafeUnwrap();
          for (const [account, environment] of [[0, 'live'], [0, 'test'], [1, 'live']] as const) {
            await expectSameAnswers(world, { accountId: world.accounts[account], environment, currency: USD }, window);
          }
        }
      }),
      { numRuns: 25 },
    );
  });

  it('law: the migration\'s backfill of messages written before it, then triggers and folds, answer as the scan', async () => {
    await truncateAll(world.database);
    world = { ...world, accounts: [await insertAccount(world.database, 'USD'), await insertAccount(world.database, 'USD')] };
    const writer = new Writer(world);
    const sql = (text: string) => world.database.withContext(() => world.database.em.execute(text, [], 'all')) as Promise<Record<string, unknown>[]>;
    // Messages as they were before the migration: no trigger counts them.
    await sql('alter table message disable trigger user');
    await writer.run({ kind: 'send', messages: fc.sample(messageArbitrary, { numRuns: 200, seed: 34 }), batched: false });
    await sql('alter table message enable trigger user');
    const migration = new Migration20261205000100MessageTallies(world.database.orm.em.getDriver(), world.database.orm.config);
    migration.up();
    const backfill = String(migration.getQueries().at(-1));
    expect(backfill).to.match(/^\s*insert into message_tally .* true from \(select .* from message m\)/s);
    await sql(backfill);
    await writer.run({ kind: 'change', picks: writer.written.map((_, index) => ({ index, outcome: LATER[index % LATER.length]! })) });
    await writer.run({ kind: 'fold' });
    expect(await sql('select count(*)::int as n from message_tally where not folded')).to.deep.equal([{ n: 0 }]);
    const whole = ReportWindow.create({ from: new Date(START), to: new Date(START + SPAN_MS) }, new Date(START + SPAN_MS))._unsafeUnwrap();
    for (const environment of ['live', 'test'] as const) await expectSameAnswers(world, { accountId: world.accounts[0], environment, currency: USD }, whole);
  });

  (databaseKind() === 'postgresql' ? it : it.skip)('law: concurrent sends, status changes and folds leave the tallies exact (PostgreSQL)', async () => {
    await truncateAll(world.database);
    world = { ...world, accounts: [await insertAccount(world.database, 'USD'), await insertAccount(world.database, 'USD')] };
    const writers = [new Writer(world), new Writer(world), new Writer(world), new Writer(world)];
    const script = fc.sample(fc.array(commandArbitrary, { minLength: 20, maxLength: 20 }), { numRuns: writers.length, seed: 3434 });
    await Promise.all(writers.map(async (writer, index) => {
      for (const command of script[index]!) await writer.run(command);
    }));
    const window = ReportWindow.create({ from: new Date(START - HOUR_MS), to: new Date(START + SPAN_MS + HOUR_MS) }, new Date(START + SPAN_MS))._unsafeUnwrap();
    for (const environment of ['live', 'test'] as const) await expectSameAnswers(world, { accountId: world.accounts[0], environment, currency: USD }, window);
  });
});
