/** The contract suite every TemplateRepository implementation must pass. */
import { expect } from 'chai';
import { Template, type TemplateDraft } from '../domain/templates/template.aggregate.ts';
import type { TemplateRepository } from '../application/templates/template.repository.port.ts';

export interface TemplateRepositoryFixture {
  /** No templates yet. */
  readonly templates: TemplateRepository;
  /** Two accounts that exist (templates belong to one). */
  readonly accountIds: readonly [string, string];
  /** Runs a step the way the application does (in a fresh unit of work / context). */
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const at = (minute: number): Date => new Date(Date.UTC(2026, 3, 1, 12, minute, 0, 456));

const draft = (accountId: string, name: string, text = 'Hi {{name}}, your order {{order}} is ready', minute = 0): TemplateDraft =>
  Template.draft({ accountId, name, text }, at(minute))._unsafeUnwrap();

export function describeTemplateRepositoryContract(name: string, make: () => Promise<TemplateRepositoryFixture>): void {
  describe(`TemplateRepository contract: ${name}`, () => {
    let f: TemplateRepositoryFixture;
    let a: string;
    let b: string;
    beforeEach(async () => {
      f = await make();
      [a, b] = f.accountIds;
    });

    const insert = async (d: TemplateDraft) => (await f.step(() => f.templates.insert(d)))._unsafeUnwrap();
    const find = (account: string, id: number) => f.step(() => f.templates.find(account, id));
    const list = (account: string, limit = 500) => f.step(() => f.templates.list(account, limit));
    const snapshots = async (account: string, limit = 500) => (await list(account, limit)).map((t) => t.toSnapshot());

    it('stores a template under a positive integer id and serves it back field for field', async () => {
      const stored = await insert(draft(a, 'Order ready'));
      expect(Number.isSafeInteger(stored.id) && stored.id > 0).to.equal(true);
      const expected = { ...draft(a, 'Order ready'), id: stored.id };
      expect(stored.toSnapshot()).to.deep.equal(expected);
      expect((await find(a, stored.id))?.toSnapshot()).to.deep.equal(expected);
      expect(await snapshots(a)).to.deep.equal([expected]);
    });

    it('keeps any text exactly: 80-character names, 1600 characters, emoji, line breaks, other scripts', async () => {
      const longName = 'N'.repeat(79) + '\u{1F600}';
      const text = `${'\u{1F4E6}'.repeat(10)}\r\n\tHabari {{ name }}! ${'ß'.repeat(1568)}`;
      const stored = await insert(draft(a, longName, text));
      expect((await find(a, stored.id))?.toSnapshot()).to.include({ name: longName, text });
      const amharic = await insert(draft(a, 'ሰላም', 'ሰላም {{name}}'));
      expect((await find(a, amharic.id))?.name).to.equal('ሰላም');
    });

    it('gives growing ids and lists newest first, at most `limit`', async () => {
      const first = await insert(draft(a, 'first', 'one', 1));
      const second = await insert(draft(a, 'second', 'two', 2));
      const third = await insert(draft(a, 'third', 'three', 3));
      expect(first.id < second.id && second.id < third.id).to.equal(true);
      expect((await list(a)).map((t) => t.name)).to.deep.equal(['third', 'second', 'first']);
      expect((await list(a, 2)).map((t) => t.name)).to.deep.equal(['third', 'second']);
    });

    it('refuses a second template of the same name in one account, in any case or normal form', async () => {
      await insert(draft(a, 'Café Promo'));
      for (const same of ['café promo', 'CAFÉ PROMO', 'Cafe\u0301 Promo']) {
        const clash = await f.step(() => f.templates.insert(draft(a, same)));
        expect(clash._unsafeUnwrapErr(), same).to.include({ type: 'conflict', resource: 'template' });
      }
      expect(await list(a)).to.have.length(1);
      expect((await f.step(() => f.templates.insert(draft(b, 'Café Promo')))).isOk(), 'another account may use the name').to.equal(true);
    });

    it('lets exactly one of two concurrent inserts of one name win', async () => {
      const outcomes = await Promise.all([f.step(() => f.templates.insert(draft(a, 'Race'))), f.step(() => f.templates.insert(draft(a, 'race')))]);
      expect(outcomes.filter((outcome) => outcome.isOk())).to.have.length(1);
      expect(outcomes.filter((outcome) => outcome.isErr()).map((outcome) => outcome._unsafeUnwrapErr().type)).to.deep.equal(['conflict']);
      expect(await list(a)).to.have.length(1);
    });

    it('updates name, text and updatedAt, keeping id and createdAt', async () => {
      const stored = await insert(draft(a, 'Welcome', 'Hello', 1));
      const revised = stored.revise({ name: 'Welcome v2', text: 'Hello {{name}}' }, at(7))._unsafeUnwrap();
      const updated = (await f.step(() => f.templates.update(revised)))._unsafeUnwrap();
      const expected = { id: stored.id, accountId: a, name: 'Welcome v2', text: 'Hello {{name}}', createdAt: at(1), updatedAt: at(7) };
      expect(updated.toSnapshot()).to.deep.equal(expected);
      expect((await find(a, stored.id))?.toSnapshot()).to.deep.equal(expected);
      const recased = stored.revise({ name: 'WELCOME', text: 'Hello' }, at(8))._unsafeUnwrap();
      expect((await f.step(() => f.templates.update(recased)))._unsafeUnwrap().name, 'its own name in another case').to.equal('WELCOME');
    });

    it("refuses to rename onto another template's name and changes nothing", async () => {
      await insert(draft(a, 'Reminder', 'Pay', 1));
      const other = await insert(draft(a, 'Receipt', 'Paid', 2));
      const clash = await f.step(() => f.templates.update(other.revise({ name: 'reminder', text: 'changed' }, at(3))._unsafeUnwrap()));
      expect(clash._unsafeUnwrapErr()).to.include({ type: 'conflict', resource: 'template' });
      expect((await find(a, other.id))?.toSnapshot()).to.deep.equal(other.toSnapshot());
    });

    it('lets exactly one of two concurrent renames onto one name win', async () => {
      const first = await insert(draft(a, 'One', 'one', 1));
      const second = await insert(draft(a, 'Two', 'two', 2));
      const outcomes = await Promise.all(
        [first, second].map((t) => f.step(() => f.templates.update(t.revise({ name: 'Same', text: t.text }, at(3))._unsafeUnwrap()))),
      );
      expect(outcomes.filter((outcome) => outcome.isOk())).to.have.length(1);
      expect(outcomes.filter((outcome) => outcome.isErr()).map((outcome) => outcome._unsafeUnwrapErr().type)).to.deep.equal(['conflict']);
      expect((await list(a)).map((t) => t.name).sort()).to.have.members(['Same', outcomes[0]!.isOk() ? 'Two' : 'One']);
    });

    it("keeps accounts apart: another account's template is not found, listed, updated or deleted", async () => {
      const mine = await insert(draft(a, 'Mine', 'Private text'));
      expect(await find(b, mine.id)).to.equal(undefined);
      expect(await list(b)).to.deep.equal([]);
      const hijack = Template.rehydrate({ ...mine.toSnapshot(), accountId: b, name: 'Stolen' });
      const updated = await f.step(() => f.templates.update(hijack));
      expect(updated._unsafeUnwrapErr()).to.include({ type: 'not_found', resource: 'template', id: String(mine.id) });
      expect(await f.step(() => f.templates.delete(b, mine.id))).to.equal(false);
      expect((await find(a, mine.id))?.toSnapshot()).to.deep.equal(mine.toSnapshot());
    });

    it('deletes (true once, then false), frees the name, and an update of a deleted template is not_found', async () => {
      const gone = await insert(draft(a, 'Old'));
      expect(await f.step(() => f.templates.delete(a, gone.id))).to.equal(true);
      expect(await f.step(() => f.templates.delete(a, gone.id))).to.equal(false);
      expect(await find(a, gone.id)).to.equal(undefined);
      const late = await f.step(() => f.templates.update(gone.revise({ name: 'Old', text: 'late' }, at(5))._unsafeUnwrap()));
      expect(late._unsafeUnwrapErr()).to.include({ type: 'not_found' });
      const reborn = await insert(draft(a, 'old'));
      expect(reborn.id).to.not.equal(gone.id);
      expect(await find(a, 987_654_321)).to.equal(undefined);
    });
  });
}
