import { expect } from 'chai';
import { Template, templateIssues, templateNameKey } from '../src/templates.ts';

const now = new Date('2026-05-01T08:00:00.000Z');
const pathsOf = (content: { name: string; text: string }): string[] => templateIssues(content).map((issue) => issue.path);

describe('Template', () => {
  it('drafts with the name trimmed and the text exactly as given', () => {
    const draft = Template.draft({ accountId: 'acc_1', name: '  Welcome  ', text: '  Hi {{name}}\n' }, now)._unsafeUnwrap();
    expect(draft).to.deep.equal({ accountId: 'acc_1', name: 'Welcome', text: '  Hi {{name}}\n', createdAt: now, updatedAt: now });
  });

  it('counts characters as code points: 80 emoji make a name, 81 do not; 1600 characters make a text, 1601 do not', () => {
    expect(pathsOf({ name: '\u{1F600}'.repeat(80), text: 'x' })).to.deep.equal([]);
    expect(pathsOf({ name: '\u{1F600}'.repeat(81), text: 'x' })).to.deep.equal(['name']);
    expect(pathsOf({ name: 'n', text: '\u{1F600}'.repeat(1600) })).to.deep.equal([]);
    expect(pathsOf({ name: 'n', text: 'x'.repeat(1601) })).to.deep.equal(['text']);
    expect(pathsOf({ name: ` ${'n'.repeat(80)} `, text: 'x' }), 'surrounding spaces do not count').to.deep.equal([]);
  });

  it('refuses blank names and texts, naming both fields in one error', () => {
    const error = Template.draft({ accountId: 'acc_1', name: ' \t ', text: ' \n ' }, now)._unsafeUnwrapErr();
    expect(error.details.map((d) => d.path)).to.deep.equal(['name', 'text']);
    expect(error.message).to.equal('name: Must be 1 to 80 characters; text: Must be 1 to 1600 characters, not all blank');
    expect(pathsOf({ name: '', text: '' })).to.deep.equal(['name', 'text']);
  });

  it('allows tab and line breaks in a text, and no other control character or unpaired surrogate anywhere', () => {
    expect(pathsOf({ name: 'n', text: 'Line 1\r\nLine 2\tend' })).to.deep.equal([]);
    for (const bad of ['\u0000', '\u0007', '\u001B', '\u007F', '\u0085', '\uD800', '\uDC00x']) {
      expect(pathsOf({ name: `a${bad}b`, text: `a${bad}b` }), JSON.stringify(bad)).to.deep.equal(['name', 'text']);
    }
    expect(pathsOf({ name: 'a\nb', text: 'x' })).to.deep.equal(['name']);
  });

  it('revises name and text together, keeping id, account and creation time', () => {
    const template = Template.rehydrate({ id: 7, accountId: 'acc_1', name: 'Old', text: 'old', createdAt: now, updatedAt: now });
    const later = new Date('2026-05-02T08:00:00.000Z');
    const revised = template.revise({ name: ' New ', text: 'new {{x}}' }, later)._unsafeUnwrap();
    expect(revised.toSnapshot()).to.deep.equal({ id: 7, accountId: 'acc_1', name: 'New', text: 'new {{x}}', createdAt: now, updatedAt: later });
    expect(template.toSnapshot().name, 'the original is unchanged').to.equal('Old');
    expect(template.revise({ name: 'ok', text: '' }, later)._unsafeUnwrapErr().details.map((d) => d.path)).to.deep.equal(['text']);
  });

  it('keys names by trimmed, NFC, lower-case form', () => {
    expect(templateNameKey('  Café Promo ')).to.equal('café promo');
    expect(templateNameKey('CAFE\u0301 PROMO')).to.equal(templateNameKey('café promo'));
    expect(templateNameKey('Promo 1')).to.not.equal(templateNameKey('Promo 2'));
  });
});
