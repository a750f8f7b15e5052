import { expect } from 'chai';
import { FakeClock } from '@tuma/kernel/testing';
import { ImmediateUnitOfWork } from '@tuma/kernel/testing';
import { CreateTemplate, DeleteTemplate, ListTemplates, UpdateTemplate } from '../src/templates.ts';
import { InMemoryTemplateRepository } from '../src/testing/index.ts';

describe('template use cases', () => {
  let templates: InMemoryTemplateRepository;
  let clock: FakeClock;
  let create: CreateTemplate;
  let update: UpdateTemplate;
  let remove: DeleteTemplate;
  let list: ListTemplates;
  beforeEach(() => {
    templates = new InMemoryTemplateRepository();
    clock = new FakeClock('2026-05-01T08:00:00.000Z');
    const uow = new ImmediateUnitOfWork();
    create = new CreateTemplate(templates, uow, clock);
    update = new UpdateTemplate(templates, uow, clock);
    remove = new DeleteTemplate(templates, uow);
    list = new ListTemplates(templates);
  });

  const created = async (accountId: string, name: string, text = 'Hi {{name}}') => (await create.execute({ accountId, name, text }))._unsafeUnwrap();

  it('creates a template at the clock time, name trimmed', async () => {
    const template = await created('acc_1', ' Welcome ');
    expect(template.toSnapshot()).to.deep.equal({
      id: 1,
      accountId: 'acc_1',
      name: 'Welcome',
      text: 'Hi {{name}}',
      createdAt: new Date('2026-05-01T08:00:00.000Z'),
      updatedAt: new Date('2026-05-01T08:00:00.000Z'),
    });
  });

  it('refuses invalid content (every field named) and a duplicate name, storing nothing', async () => {
    const invalid = (await create.execute({ accountId: 'acc_1', name: 'x'.repeat(81), text: '' }))._unsafeUnwrapErr();
    expect(invalid.type === 'validation_error' && invalid.details.map((d) => d.path)).to.deep.equal(['name', 'text']);
    await created('acc_1', 'Welcome');
    const duplicate = (await create.execute({ accountId: 'acc_1', name: 'WELCOME', text: 'other' }))._unsafeUnwrapErr();
    expect(duplicate).to.include({ type: 'conflict', resource: 'template' });
    expect(duplicate.message).to.contain('WELCOME');
    expect((await list.execute({ accountId: 'acc_1' }))._unsafeUnwrap()).to.have.length(1);
  });

  it('updates name and text and moves updated_at only', async () => {
    const template = await created('acc_1', 'Welcome');
    clock.advance(90_000);
    const updated = (await update.execute({ accountId: 'acc_1', id: template.id, name: 'Hello', text: 'Hello {{name}}' }))._unsafeUnwrap();
    expect(updated.toSnapshot()).to.deep.equal({ ...template.toSnapshot(), name: 'Hello', text: 'Hello {{name}}', updatedAt: new Date('2026-05-01T08:01:30.000Z') });
  });

  it("answers not_found for another account's template or a missing one, and changes nothing", async () => {
    const template = await created('acc_1', 'Welcome');
    const foreign = (await update.execute({ accountId: 'acc_2', id: template.id, name: 'Mine now', text: 'x' }))._unsafeUnwrapErr();
    expect(foreign).to.include({ type: 'not_found', resource: 'template', id: String(template.id) });
    expect((await update.execute({ accountId: 'acc_1', id: 99, name: 'a', text: 'b' }))._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await remove.execute({ accountId: 'acc_2', id: template.id }))._unsafeUnwrapErr()).to.include({ type: 'not_found' });
    expect((await templates.find('acc_1', template.id))?.toSnapshot()).to.deep.equal(template.toSnapshot());
  });

  it('refuses an update to invalid content or onto another name', async () => {
    const first = await created('acc_1', 'First');
    await created('acc_1', 'Second');
    const invalid = (await update.execute({ accountId: 'acc_1', id: first.id, name: '', text: 'x' }))._unsafeUnwrapErr();
    expect(invalid.type === 'validation_error' && invalid.details.map((d) => d.path)).to.deep.equal(['name']);
    const clash = (await update.execute({ accountId: 'acc_1', id: first.id, name: 'second', text: 'x' }))._unsafeUnwrapErr();
    expect(clash.type).to.equal('conflict');
    expect((await templates.find('acc_1', first.id))?.name).to.equal('First');
  });

  it('deletes once; the second delete is not_found', async () => {
    const template = await created('acc_1', 'Welcome');
    expect((await remove.execute({ accountId: 'acc_1', id: template.id })).isOk()).to.equal(true);
    expect((await remove.execute({ accountId: 'acc_1', id: template.id }))._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await list.execute({ accountId: 'acc_1' }))._unsafeUnwrap()).to.deep.equal([]);
  });

  it('lists newest first, 200 by default, and refuses a limit outside 1 to 500', async () => {
    for (let i = 0; i < 201; i++) await created('acc_1', `T${i}`);
    const page = (await list.execute({ accountId: 'acc_1' }))._unsafeUnwrap();
    expect(page).to.have.length(200);
    expect(page[0]?.name).to.equal('T200');
    expect((await list.execute({ accountId: 'acc_1', limit: 500 }))._unsafeUnwrap()).to.have.length(201);
    for (const limit of [0, 501, 1.5]) {
      expect((await list.execute({ accountId: 'acc_1', limit }))._unsafeUnwrapErr().details.map((d) => d.path), String(limit)).to.deep.equal(['limit']);
    }
  });
});
