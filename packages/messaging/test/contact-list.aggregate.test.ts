import { expect } from 'chai';
import { ContactList, contactListIssues, contactListNameKey } from '../src/contacts.ts';

const now = new Date('2026-05-01T08:00:00.000Z');
const later = new Date('2026-05-02T08:00:00.000Z');
const pathsOf = (changes: { name?: string; description?: string | null }): string[] => contactListIssues(changes).map((issue) => issue.path);
const stored = (description: string | null = 'Everyone') =>
  ContactList.rehydrate({ id: 7, accountId: 'acc_1', name: 'Customers', description, memberCount: 3, createdAt: now, updatedAt: now });

describe('ContactList', () => {
  it('drafts with the name trimmed and NFC-normalised and the description trimmed, blank meaning none', () => {
    const draft = ContactList.draft({ accountId: 'acc_1', name: '  Cafe\u0301 VIP ', description: '  Regulars \n' }, now)._unsafeUnwrap();
    expect(draft).to.deep.equal({ accountId: 'acc_1', name: 'Café VIP', description: 'Regulars', createdAt: now, updatedAt: now });
    expect(ContactList.draft({ accountId: 'acc_1', name: 'x', description: ' \t ' }, now)._unsafeUnwrap().description).to.equal(null);
    expect(ContactList.draft({ accountId: 'acc_1', name: 'x', description: null }, now)._unsafeUnwrap().description).to.equal(null);
  });

  it('counts characters as code points: 80 emoji make a name, 81 do not; 500 characters make a description, 501 do not', () => {
    expect(pathsOf({ name: '\u{1F600}'.repeat(80), description: '\u{1F600}'.repeat(500) })).to.deep.equal([]);
    expect(pathsOf({ name: '\u{1F600}'.repeat(81), description: 'x'.repeat(501) })).to.deep.equal(['name', 'description']);
    expect(pathsOf({ name: ` ${'n'.repeat(80)} `, description: ` ${'d'.repeat(500)} ` }), 'surrounding spaces do not count').to.deep.equal([]);
  });

  it('refuses blank names and control characters, naming every field in one error', () => {
    const error = ContactList.draft({ accountId: 'acc_1', name: ' \t ', description: 'bell\u0007' }, now)._unsafeUnwrapErr();
    expect(error.details.map((d) => d.path)).to.deep.equal(['name', 'description']);
    expect(error.message).to.match(/^name: Must be 1 to 80 characters; description: /);
    expect(pathsOf({ name: 'a\nb' })).to.deep.equal(['name']);
    expect(pathsOf({ name: 'a\uD800b', description: '\uDC00' })).to.deep.equal(['name', 'description']);
    expect(pathsOf({ description: 'Line 1\r\nLine 2\tend' })).to.deep.equal([]);
  });

  it('revises only the fields given; a null description removes it; updatedAt moves, the rest stays', () => {
    const list = stored();
    expect(list.revise({ name: ' Clients ' }, later)._unsafeUnwrap().toSnapshot()).to.deep.equal({ ...list.toSnapshot(), name: 'Clients', updatedAt: later });
    expect(list.revise({ description: null }, later)._unsafeUnwrap().description).to.equal(null);
    expect(list.revise({ description: ' New ' }, later)._unsafeUnwrap().toSnapshot()).to.include({ name: 'Customers', description: 'New' });
    expect(list.toSnapshot().name, 'the original is unchanged').to.equal('Customers');
  });

  it('refuses a revision with nothing to change, or breaking the rules', () => {
    const nothing = stored().revise({}, later)._unsafeUnwrapErr();
    expect(nothing.details).to.deep.equal([{ path: '', message: 'Nothing to change: give name, description or both' }]);
    expect(stored().revise({ name: '' }, later)._unsafeUnwrapErr().details.map((d) => d.path)).to.deep.equal(['name']);
  });

  it('keys names by lower case, character by character, as the database index compares them', () => {
    expect(contactListNameKey('Café VIP')).to.equal(contactListNameKey('CAFÉ vip'));
    expect(contactListNameKey('ΣΑΣ')).to.equal('σασ');
    expect(contactListNameKey('List 1')).to.not.equal(contactListNameKey('List 2'));
  });
});
