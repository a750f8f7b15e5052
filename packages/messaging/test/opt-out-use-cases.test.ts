import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { ImmediateUnitOfWork } from '@tuma/kernel/testing';
import { AddOptOut, ListOptOuts, RemoveOptOut } from '../src/opt-outs.ts';
import { readPhoneField } from '../src/numbers.ts';
import { InMemoryOptOutList } from '../src/testing/index.ts';

describe('opt-out use cases', () => {
  let optOuts: InMemoryOptOutList;
  let clock: FakeClock;
  let add: AddOptOut;
  let remove: RemoveOptOut;
  let list: ListOptOuts;
  beforeEach(() => {
    optOuts = new InMemoryOptOutList();
    clock = new FakeClock('2026-05-01T08:00:00.000Z');
    add = new AddOptOut(optOuts, new ImmediateUnitOfWork(), clock);
    remove = new RemoveOptOut(optOuts, new ImmediateUnitOfWork());
    list = new ListOptOuts(optOuts);
  });

  describe('AddOptOut', () => {
    it('stores the number in E.164 with source api, no keyword, at the clock time', async () => {
      const outcome = (await add.execute({ accountId: 'acc_1', phone: '00254 (0) 712-345-678' }))._unsafeUnwrap();
      expect(outcome).to.deep.equal({
        optOut: { accountId: 'acc_1', phone: '+254712345678', source: 'api', keyword: null, createdAt: new Date('2026-05-01T08:00:00.000Z') },
        added: true,
      });
    });

    it('is idempotent: a second add of the same number, in any notation, keeps the first entry', async () => {
      const first = (await add.execute({ accountId: 'acc_1', phone: '+254712345678', keyword: 'stop' }))._unsafeUnwrap();
      clock.advance(60_000);
      const second = (await add.execute({ accountId: 'acc_1', phone: '+254 712 345 678' }))._unsafeUnwrap();
      expect(second).to.deep.equal({ optOut: first.optOut, added: false });
      expect(await optOuts.list('acc_1', 10)).to.have.length(1);
    });

    it('records an opt-out by SMS with its keyword, trimmed and in upper case', async () => {
      const outcome = (await add.execute({ accountId: 'acc_1', phone: '+2348031234567', keyword: ' Unsubscribe ' }))._unsafeUnwrap();
      expect(outcome.optOut).to.include({ source: 'sms', keyword: 'UNSUBSCRIBE' });
    });

    it('refuses a blank, over-long or control-character keyword, naming the field', async () => {
      for (const keyword of ['  ', 'K'.repeat(33), 'ST\u0000OP']) {
        const error = (await add.execute({ accountId: 'acc_1', phone: '+2348031234567', keyword }))._unsafeUnwrapErr();
        expect(error.type, JSON.stringify(keyword)).to.equal('validation_error');
        expect(error.type === 'validation_error' && error.details.map((d) => d.path)).to.deep.equal(['keyword']);
      }
      expect(await optOuts.list('acc_1', 10)).to.deep.equal([]);
    });

    it('refuses a malformed number with invalid_phone_number, its reason and the field phone, and stores nothing', async () => {
      const cases = [
        ['0712345678', 'parse_error'],
        ['254712345678', 'parse_error'],
        ['+254 71', 'impossible_number'],
        ['+254123456789', 'invalid_number'],
        ['call me', 'not_numeric'],
        ['', 'not_numeric'],
      ] as const;
      for (const [phone, reason] of cases) {
        const error = (await add.execute({ accountId: 'acc_1', phone }))._unsafeUnwrapErr();
        expect(error, phone).to.deep.include({ type: 'invalid_phone_number', reason });
        expect('details' in error && error.details.map((d) => d.path), phone).to.deep.equal(['phone']);
        expect(error.message, phone).to.match(/^phone: /);
      }
      expect(await optOuts.list('acc_1', 10)).to.deep.equal([]);
    });
  });

  describe('RemoveOptOut', () => {
    beforeEach(async () => {
      await add.execute({ accountId: 'acc_1', phone: '+254712345678' });
    });

    it('removes the number, then answers removed: false (idempotent)', async () => {
      expect((await remove.execute({ accountId: 'acc_1', phone: '+254712345678' }))._unsafeUnwrap()).to.deep.equal({ phone: '+254712345678', removed: true });
      expect((await remove.execute({ accountId: 'acc_1', phone: '+254712345678' }))._unsafeUnwrap()).to.deep.equal({ phone: '+254712345678', removed: false });
      expect(await optOuts.isOptedOut('acc_1', '+254712345678')).to.equal(false);
    });

    it('reads the number with or without the + (a URL path often drops it, or turns it into a space)', async () => {
      for (const phone of ['254712345678', ' 254712345678', '00254712345678']) {
        await add.execute({ accountId: 'acc_1', phone: '+254712345678' });
        const outcome = (await remove.execute({ accountId: 'acc_1', phone }))._unsafeUnwrap();
        expect(outcome, phone).to.deep.equal({ phone: '+254712345678', removed: true });
      }
    });

    it("touches only the caller's list", async () => {
      expect((await remove.execute({ accountId: 'acc_2', phone: '+254712345678' }))._unsafeUnwrap().removed).to.equal(false);
      expect(await optOuts.isOptedOut('acc_1', '+254712345678')).to.equal(true);
    });

    it('refuses a malformed number', async () => {
      const error = (await remove.execute({ accountId: 'acc_1', phone: '12' }))._unsafeUnwrapErr();
      expect(error).to.deep.include({ type: 'invalid_phone_number', reason: 'impossible_number' });
      expect(error.details).to.deep.equal([{ path: 'phone', message: error.message.replace(/^phone: /, '') }]);
    });
  });

  describe('ListOptOuts', () => {
    it('lists newest first, 200 by default', async () => {
      for (let i = 0; i < 205; i++) {
        await add.execute({ accountId: 'acc_1', phone: `+2547${String(i).padStart(8, '0')}` });
        clock.advance(1000);
      }
      const page = (await list.execute({ accountId: 'acc_1' }))._unsafeUnwrap();
      expect(page).to.have.length(200);
      expect(page[0]?.phone).to.equal('+254700000204');
      expect((await list.execute({ accountId: 'acc_1', limit: 1000 }))._unsafeUnwrap()).to.have.length(205);
      expect((await list.execute({ accountId: 'acc_2' }))._unsafeUnwrap()).to.deep.equal([]);
    });

    it('refuses a limit outside 1 to 1000', async () => {
      for (const limit of [0, 1001, 2.5, -1, Number.NaN]) {
        const error = (await list.execute({ accountId: 'acc_1', limit }))._unsafeUnwrapErr();
        expect(error.details.map((d) => d.path), String(limit)).to.deep.equal(['limit']);
      }
    });
  });

  describe('readPhoneField', () => {
    it('reads digits-first input as international only when the + is optional, keeping 00 as the prefix; names the field', () => {
      const read = (raw: string) => readPhoneField(raw, 'to', { plusOptional: true }).map((p) => p.e164);
      expect(read('00254712345678')._unsafeUnwrap()).to.equal('+254712345678');
      expect(read('+254712345678')._unsafeUnwrap()).to.equal('+254712345678');
      expect(read('254 712 345 678')._unsafeUnwrap()).to.equal('+254712345678');
      const strict = readPhoneField('254712345678', 'to')._unsafeUnwrapErr();
      expect(strict).to.deep.include({ type: 'invalid_phone_number', reason: 'parse_error' });
      expect(strict.details.map((d) => d.path)).to.deep.equal(['to']);
      expect(strict.message).to.equal(`to: ${strict.details[0]!.message}`);
    });
  });
});
