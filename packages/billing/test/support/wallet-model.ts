/**
 * The model of a wallet for the model-based test: plain bigints and lists, no rules shared with
 * the code under test. Each command computes the outcome the model expects, runs the real
 * WalletLedger, compares, and then checks the invariants on the real wallet.
 */
import { expect } from 'chai';
import fc from 'fast-check';
import { currency, Money, type Result, type ResultAsync } from '@tuma/kernel';
import type { LedgerEntry, Reservation, WalletError, WalletLedger } from '../../src/index.ts';

export const KES = currency('KES');
const kes = (micros: bigint): Money => Money.ofMicros(micros, KES);

interface Replay {
  /** The same call again: must return `id` unchanged. */
  readonly again: () => ResultAsync<LedgerEntry | Reservation, WalletError>;
  /** The same reference with a different amount or target: must conflict. */
  readonly tampered: () => ResultAsync<unknown, WalletError>;
  readonly id: string;
}

export interface WalletModel {
  balance: bigint;
  reserved: bigint;
  readonly credits: { id: string; amount: bigint }[];
  readonly charges: { id: string; amount: bigint }[];
  readonly refunded: Map<string, bigint>;
  readonly reversed: Set<string>;
  readonly reservations: { id: string; amount: bigint; captured: bigint; released: bigint }[];
  readonly replays: Replay[];
  references: number;
}

export interface RealWallet {
  readonly ledger: WalletLedger;
  readonly accountId: string;
}

export const emptyModel = (): WalletModel => ({
  balance: 0n,
  reserved: 0n,
  credits: [],
  charges: [],
  refunded: new Map(),
  reversed: new Set(),
  reservations: [],
  replays: [],
  references: 0,
});

type Expected = { readonly ok: true } | { readonly error: WalletError['type'] };

function expectOutcome<T>(result: Result<T, WalletError>, expected: Expected, label: string): T | undefined {
  if ('error' in expected) {
    expect(result.isErr() ? result.error.type : 'ok', label).to.equal(expected.error);
    return undefined;
  }
  expect(result.isOk() ? 'ok' : result.error.type, label).to.equal('ok');
  return result._unsafeUnwrap();
}

/** The invariants, on the real wallet: balance = model = sum of entries, nothing negative, refunds bounded. */
export async function checkInvariants(model: WalletModel, real: RealWallet): Promise<void> {
  const view = (await real.ledger.balance(real.accountId))._unsafeUnwrap()!;
  const { entries } = (await real.ledger.transactions({ accountId: real.accountId, page: 0, limit: 1000 }))._unsafeUnwrap();
  const sum = entries.reduce((total, entry) => total + entry.amount.micros, 0n);
  expect(view.balance.micros, 'balance = model').to.equal(model.balance);
  expect(view.reserved.micros, 'reserved = model').to.equal(model.reserved);
  expect(view.balance.micros, 'balance = sum of entries').to.equal(sum);
  expect(view.balance.micros >= 0n && view.available.micros >= 0n, 'never negative').to.equal(true);
  expect(entries[0]?.balanceAfter.micros ?? 0n, 'latest balance_after = balance').to.equal(view.balance.micros);
  const refunds = new Map<string, bigint>();
  for (const entry of entries) if (entry.refundOf) refunds.set(entry.refundOf, (refunds.get(entry.refundOf) ?? 0n) + entry.amount.micros);
  for (const entry of entries) {
    if (refunds.has(entry.id)) expect(refunds.get(entry.id)! <= -entry.amount.micros, `refunds of ${entry.id} bounded`).to.equal(true);
  }
}

const available = (m: WalletModel): bigint => m.balance - m.reserved;

/** An amount: absolute, or at the edge of what the operation allows (limit - 1, limit, limit + 1 micro). */
export type Amount = { readonly micros: bigint } | { readonly edge: bigint };
const resolve = (amount: Amount, limit: bigint): bigint => ('micros' in amount ? amount.micros : limit + amount.edge);
const show = (amount: Amount): string => ('micros' in amount ? String(amount.micros) : `limit${amount.edge < 0n ? '' : '+'}${amount.edge}`);
/** What a request for `micros` must get: invalid_amount when not positive, else ok when within `limit`, else `over`. */
const within = (micros: bigint, limit: bigint, over: WalletError['type']): Expected =>
  micros <= 0n ? { error: 'invalid_amount' } : micros <= limit ? { ok: true } : { error: over };
const pick = <T>(items: readonly T[], index: number): T | undefined => (items.length === 0 ? undefined : items[index % items.length]);
const nextReference = (m: WalletModel): string => `ref-${++m.references}`;

abstract class WalletCommand implements fc.AsyncCommand<WalletModel, RealWallet> {
  check(): boolean {
    return true;
  }

  async run(model: WalletModel, real: RealWallet): Promise<void> {
    await this.apply(model, real);
    await checkInvariants(model, real);
  }

  protected abstract apply(model: WalletModel, real: RealWallet): Promise<void>;
  abstract toString(): string;
}

class Credit extends WalletCommand {
  constructor(readonly amount: bigint) {
    super();
  }
  protected async apply(m: WalletModel, r: RealWallet) {
    const input = { accountId: r.accountId, amount: kes(this.amount), reason: 'top-up', reference: nextReference(m) };
    const entry = expectOutcome(await r.ledger.credit(input), { ok: true }, this.toString())!;
    m.balance += this.amount;
    expect(entry.balanceAfter.micros).to.equal(m.balance);
    m.credits.push({ id: entry.id, amount: this.amount });
    m.replays.push({ id: entry.id, again: () => r.ledger.credit(input), tampered: () => r.ledger.credit({ ...input, amount: kes(this.amount + 1n) }) });
  }
  toString(): string {
    return `credit(${this.amount})`;
  }
}

class Charge extends WalletCommand {
  constructor(readonly amount: Amount, readonly kind: 'debit' | 'fee') {
    super();
  }
  protected async apply(m: WalletModel, r: RealWallet) {
    const micros = resolve(this.amount, available(m));
    const input = { accountId: r.accountId, amount: kes(micros), reason: 'sms', reference: nextReference(m), kind: this.kind };
    const result = await r.ledger.charge(input);
    const entry = expectOutcome(result, within(micros, available(m), 'insufficient_balance'), this.toString());
    if (result.isErr() && result.error.type === 'insufficient_balance') expect(result.error.available.micros).to.equal(available(m));
    if (!entry) return;
    m.balance -= micros;
    m.charges.push({ id: entry.id, amount: micros });
    m.replays.push({ id: entry.id, again: () => r.ledger.charge(input), tampered: () => r.ledger.charge({ ...input, kind: this.kind === 'fee' ? 'debit' : 'fee' }) });
  }
  toString(): string {
    return `charge(${show(this.amount)}, ${this.kind})`;
  }
}

class Refund extends WalletCommand {
  constructor(readonly target: number, readonly amount: Amount | undefined) {
    super();
  }
  protected async apply(m: WalletModel, r: RealWallet) {
    const charge = pick(m.charges, this.target);
    if (!charge) return;
    const refundable = charge.amount - (m.refunded.get(charge.id) ?? 0n);
    const given = this.amount === undefined ? undefined : resolve(this.amount, refundable);
    const requested = given ?? refundable;
    const expected: Expected = given === undefined && refundable === 0n ? { error: 'refund_exceeds_charge' } : within(requested, refundable, 'refund_exceeds_charge');
    const input = { accountId: r.accountId, entryId: charge.id, amount: given === undefined ? undefined : kes(given), reason: 'failed', reference: nextReference(m) };
    const entry = expectOutcome(await r.ledger.refund(input), expected, this.toString());
    if (!entry) return;
    m.balance += requested;
    m.refunded.set(charge.id, (m.refunded.get(charge.id) ?? 0n) + requested);
    m.replays.push({ id: entry.id, again: () => r.ledger.refund(input), tampered: () => r.ledger.refund({ ...input, amount: kes(requested + 1n) }) });
  }
  toString(): string {
    return `refund(#${this.target}, ${this.amount ? show(this.amount) : 'rest'})`;
  }
}

class Reverse extends WalletCommand {
  constructor(readonly target: number) {
    super();
  }
  protected async apply(m: WalletModel, r: RealWallet) {
    const credit = pick(m.credits, this.target);
    if (!credit) return;
    const expected: Expected = m.reversed.has(credit.id)
      ? { error: 'already_reversed' }
      : credit.amount > available(m)
        ? { error: 'insufficient_balance' }
        : { ok: true };
    const input = { accountId: r.accountId, entryId: credit.id, reason: 'chargeback', reference: nextReference(m) };
    const entry = expectOutcome(await r.ledger.reverse(input), expected, this.toString());
    if (!entry) return;
    m.balance -= credit.amount;
    m.reversed.add(credit.id);
    m.replays.push({ id: entry.id, again: () => r.ledger.reverse(input), tampered: () => r.ledger.reverse({ ...input, entryId: 'txn_other' }) });
  }
  toString(): string {
    return `reverse(#${this.target})`;
  }
}

class Reserve extends WalletCommand {
  constructor(readonly amount: Amount) {
    super();
  }
  protected async apply(m: WalletModel, r: RealWallet) {
    const micros = resolve(this.amount, available(m));
    const input = { accountId: r.accountId, amount: kes(micros), reason: 'bulk', reference: nextReference(m) };
    const held = expectOutcome(await r.ledger.reserve(input), within(micros, available(m), 'insufficient_balance'), this.toString());
    if (!held) return;
    m.reserved += micros;
    m.reservations.push({ id: held.id, amount: micros, captured: 0n, released: 0n });
    m.replays.push({ id: held.id, again: () => r.ledger.reserve(input), tampered: () => r.ledger.reserve({ ...input, amount: kes(micros + 1n) }) });
  }
  toString(): string {
    return `reserve(${show(this.amount)})`;
  }
}

class Capture extends WalletCommand {
  constructor(readonly target: number, readonly amount: Amount) {
    super();
  }
  protected async apply(m: WalletModel, r: RealWallet) {
    const held = pick(m.reservations, this.target);
    if (!held) return;
    const remaining = held.amount - held.captured - held.released;
    const micros = resolve(this.amount, remaining);
    const input = { accountId: r.accountId, reservationId: held.id, amount: kes(micros), reason: 'sms', reference: nextReference(m) };
    const entry = expectOutcome(await r.ledger.captureReservation(input), within(micros, remaining, 'reservation_exceeded'), this.toString());
    if (!entry) return;
    held.captured += micros;
    m.balance -= micros;
    m.reserved -= micros;
    m.charges.push({ id: entry.id, amount: micros });
    m.replays.push({ id: entry.id, again: () => r.ledger.captureReservation(input), tampered: () => r.ledger.captureReservation({ ...input, amount: kes(micros + 1n) }) });
  }
  toString(): string {
    return `capture(#${this.target}, ${show(this.amount)})`;
  }
}

class Release extends WalletCommand {
  constructor(readonly target: number, readonly amount: Amount | undefined) {
    super();
  }
  protected async apply(m: WalletModel, r: RealWallet) {
    const held = pick(m.reservations, this.target);
    if (!held) return;
    const remaining = held.amount - held.captured - held.released;
    const given = this.amount === undefined ? undefined : resolve(this.amount, remaining);
    const released = given ?? remaining;
    const expected: Expected = given === undefined ? { ok: true } : within(given, remaining, 'reservation_exceeded');
    const input = { accountId: r.accountId, reservationId: held.id, amount: given === undefined ? undefined : kes(given) };
    const after = expectOutcome(await r.ledger.releaseReservation(input), expected, this.toString());
    if (!after) return;
    held.released += released;
    m.reserved -= released;
    expect([after.released.micros, after.status]).to.deep.equal([held.released, held.captured + held.released === held.amount ? 'closed' : 'open']);
  }
  toString(): string {
    return `release(#${this.target}, ${this.amount ? show(this.amount) : 'rest'})`;
  }
}

class Repeat extends WalletCommand {
  constructor(readonly target: number, readonly tamper: boolean) {
    super();
  }
  protected async apply(m: WalletModel) {
    const replay = pick(m.replays, this.target);
    if (!replay) return;
    if (this.tamper) {
      expectOutcome(await replay.tampered(), { error: 'reference_conflict' }, this.toString());
      return;
    }
    expect(expectOutcome(await replay.again(), { ok: true }, this.toString())?.id).to.equal(replay.id);
  }
  toString(): string {
    return `${this.tamper ? 'tampered ' : ''}repeat(#${this.target})`;
  }
}

const micros = (max: number) => fc.integer({ min: 1, max }).map(BigInt);
/** Mostly random amounts, sometimes exactly at, just under or just over the limit. */
const amount = (max: number): fc.Arbitrary<Amount> =>
  fc.oneof(
    { weight: 3, arbitrary: micros(max).map((m): Amount => ({ micros: m })) },
    { weight: 1, arbitrary: fc.constantFrom(-1n, 0n, 1n).map((edge): Amount => ({ edge })) },
  );
const index = fc.nat(1000);

/** Random sequences of every wallet operation, repeats and tampered repeats included. */
export const walletCommands = fc.commands(
  [
    micros(20_000_000).map((a) => new Credit(a)),
    fc.tuple(amount(8_000_000), fc.constantFrom<'debit' | 'fee'>('debit', 'fee')).map(([a, kind]) => new Charge(a, kind)),
    fc.tuple(index, fc.option(amount(4_000_000), { nil: undefined })).map(([t, a]) => new Refund(t, a)),
    index.map((t) => new Reverse(t)),
    amount(10_000_000).map((a) => new Reserve(a)),
    fc.tuple(index, amount(6_000_000)).map(([t, a]) => new Capture(t, a)),
    fc.tuple(index, fc.option(amount(6_000_000), { nil: undefined })).map(([t, a]) => new Release(t, a)),
    fc.tuple(index, fc.boolean()).map(([t, tamper]) => new Repeat(t, tamper)),
  ],
  { maxCommands: 60, size: 'max' },
);
