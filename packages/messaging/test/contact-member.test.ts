import { expect } from 'chai';
import { contactMemberIssues, isNumberingCountry, readContactMembers, readPhoneNumber } from '../src/index.ts';

const KE = '+254712345678';
const NG = '+2348031234567';
const pathsOf = (input: Parameters<typeof contactMemberIssues>[0]): string[] => contactMemberIssues(input).map((issue) => issue.path);

describe('contact members', () => {
  it('takes names of up to 120 characters and up to 50 variables of good names', () => {
    const vars = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`v_${i}`, 'x']));
    expect(pathsOf({ name: ` ${'n'.repeat(120)} `, vars })).to.deep.equal([]);
    expect(pathsOf({ name: 'n'.repeat(121), vars: { ...vars, one_more: 'x' } })).to.deep.equal(['name', 'vars']);
    expect(pathsOf({ name: null, vars: { _x: '', A9: 'ok', ['k'.repeat(40)]: 'ok' } })).to.deep.equal([]);
  });

  it('refuses variable names outside the pattern, name and phone, and values with control characters or over 500 characters', () => {
    const vars = { 'first name': 'a', '1st': 'b', ['k'.repeat(41)]: 'c', name: 'd', phone: 'e', Name: 'f', ok: 'v'.repeat(501), bell: '\u0007', lines: 'a\r\n\tb' };
    expect(pathsOf({ vars })).to.deep.equal(['vars.first name', 'vars.1st', `vars.${'k'.repeat(41)}`, 'vars.name', 'vars.phone', 'vars.ok', 'vars.bell']);
    expect(pathsOf({ name: 'tab\there' })).to.deep.equal(['name']);
  });

  it('reads a batch: numbers in E.164 with their country, names trimmed, one member per number (the last wins)', () => {
    const batch = readContactMembers([
      { phone: '+254 712 345 678', name: '  Amina ', vars: { city: 'Nairobi' } },
      { phone: '00234 803 123 4567', name: '   ' },
      { phone: KE, name: 'Amina W.' },
    ])._unsafeUnwrap();
    expect(batch).to.deep.equal({
      members: [
        { phone: KE, country: 'KE', name: 'Amina W.', vars: {} },
        { phone: NG, country: 'NG', name: null, vars: {} },
      ],
      errors: [],
    });
  });

  it('leaves members with an invalid number out and reports them; a bad name or variable refuses the batch', () => {
    const batch = readContactMembers([{ phone: '0712345678' }, { phone: KE }, { phone: 'abc' }])._unsafeUnwrap();
    expect(batch.members.map((m) => m.phone)).to.deep.equal([KE]);
    expect(batch.errors).to.deep.equal([
      { index: 0, input: '0712345678', reason: 'parse_error' },
      { index: 2, input: 'abc', reason: 'not_numeric' },
    ]);
    const refused = readContactMembers([{ phone: KE }, { phone: 'abc', vars: { name: 'x' } }])._unsafeUnwrapErr();
    expect(refused.details.map((d) => d.path)).to.deep.equal(['members.1.vars.name']);
  });

  it('takes 1 to 1000 members', () => {
    expect(readContactMembers([])._unsafeUnwrapErr().details.map((d) => d.path)).to.deep.equal(['members']);
    expect(readContactMembers(Array.from({ length: 1001 }, () => ({ phone: KE })))._unsafeUnwrapErr().details.map((d) => d.path)).to.deep.equal(['members']);
    expect(readContactMembers(Array.from({ length: 1000 }, () => ({ phone: KE })))._unsafeUnwrap().members).to.have.length(1);
  });
});

describe('readPhoneNumber', () => {
  const read = (raw: string, country?: string) => {
    const phone = readPhoneNumber(raw, country);
    return phone.isOk() ? phone.value.e164 : phone.error.reason;
  };

  it('reads international numbers as PhoneNumber.create does, with or without a default country', () => {
    expect([read(KE), read('00254712345678', 'NG'), read('+254 71', 'KE'), read('0712345678')]).to.deep.equal([KE, KE, 'impossible_number', 'parse_error']);
  });

  it('reads national numbers of the default country, with or without the trunk prefix', () => {
    expect([read('0712 345 678', 'KE'), read('712345678', 'KE'), read('08031234567', 'NG')]).to.deep.equal([KE, KE, NG]);
    expect([read('0712345678', 'NG'), read('071', 'KE'), read('07x', 'KE'), read('', 'KE')]).to.deep.equal(['invalid_number', 'impossible_number', 'not_numeric', 'not_numeric']);
  });

  it('ignores a default country without a numbering plan', () => {
    expect(read('0712345678', 'XX')).to.equal('parse_error');
    expect([isNumberingCountry('KE'), isNumberingCountry('ke'), isNumberingCountry('XX'), isNumberingCountry('KEN')]).to.deep.equal([true, false, false, false]);
  });
});
