import { expect } from 'chai';
import fc from 'fast-check';
import { CONTACT_IMPORT_MAX_ROWS, readContactFile, type ContactMember } from '../src/contacts.ts';

const KE = '+254712345678';
const NG = '+2348031234567';

const read = (text: string, defaultCountry?: string) => readContactFile(text, defaultCountry)._unsafeUnwrap();
const headerPaths = (text: string) => {
  const error = readContactFile(text)._unsafeUnwrapErr();
  return error.type === 'validation_error' ? error.details.map((detail) => detail.path) : [];
};

// ---- Builders: contacts written as CSV the way a spreadsheet exports them ----

const quoted = (field: string): string => (/[",\r\n]/.test(field) || field === '' ? `"${field.replaceAll('"', '""')}"` : field);
/** Distinct valid Kenyan mobile numbers. */
const phonesArb = fc.uniqueArray(fc.integer({ min: 0, max: 99_999_999 }), { minLength: 1, maxLength: 30 }).map((ns) => ns.map((n) => `+2547${String(n).padStart(8, '0')}`));
/** Names and values of any printable text, with separators, quotes and line breaks (tab and line breaks are allowed in values). */
const textArb = fc.string({ unit: fc.constantFrom('a', 'Z', ' ', ',', '"', 'é', '😀', 'ሰ', "'"), maxLength: 12 });
const valueArb = fc.string({ unit: fc.constantFrom('a', ' ', ',', '"', '\n', '\t', '😀'), maxLength: 12 });
const varKeysArb = fc.uniqueArray(fc.stringMatching(/^[a-z_][a-z0-9_]{0,6}$/), { maxLength: 4 }).map((keys) => keys.filter((key) => key !== 'name' && key !== 'phone'));
const fileArb = fc.tuple(phonesArb, varKeysArb).chain(([phones, keys]) =>
  fc.record({
    keys: fc.constant(keys),
    rows: fc.tuple(...phones.map((phone) => fc.record({ phone: fc.constant(phone), name: textArb, values: fc.tuple(...keys.map(() => valueArb)) }))),
  }),
);

describe('readContactFile', () => {
  it('property: every row of a written file comes back as a member: number in E.164, name trimmed (blank is none), values exactly', () => {
    fc.assert(
      fc.property(fileArb, fc.constantFrom('\r\n', '\n'), ({ keys, rows }, lineBreak) => {
        const lines = [['phone', 'name', ...keys].join(','), ...rows.map((row) => [row.phone, row.name, ...row.values].map(quoted).join(','))];
        const file = read(lines.join(lineBreak));
        const expected: ContactMember[] = rows.map((row) => ({
          phone: row.phone,
          country: 'KE',
          name: row.name.trim() || null,
          vars: Object.fromEntries(keys.map((key, index) => [key, row.values[index]!])),
        }));
        expect(file).to.deep.equal({ members: expected, duplicates: 0, errors: [] });
      }),
    );
  });

  it('finds the phone column under any of its names in any case (the leftmost), and an optional name column', () => {
    for (const header of ['phone', 'MSISDN', ' Number ', 'mobile', 'To']) {
      expect(read(`${header}\n${KE}`).members, header).to.deep.equal([{ phone: KE, country: 'KE', name: null, vars: {} }]);
    }
    expect(read(`city,Mobile,NAME,to\nNairobi,${KE},Amina,${NG}`).members).to.deep.equal([{ phone: KE, country: 'KE', name: 'Amina', vars: { city: 'Nairobi', to: NG } }]);
  });

  // Repeated, blank and unterminated headers are the shared reader's (packages/kernel/test/contact-file.test.ts).
  it('refuses a header without a phone column, or with bad, reserved or too many variable columns, naming each', () => {
    expect(headerPaths('name,city\nAmina,Nairobi')).to.deep.equal(['header']);
    expect(readContactFile('name,city\n')._unsafeUnwrapErr().message).to.contain('No phone column: The file must start with a header row naming its columns, one of them phone, msisdn, number, mobile, to (it has "name", "city")');
    expect(headerPaths('phone, first name ,1st,ok_1,\n')).to.deep.equal(['header.1', 'header.2', 'header.4']);
    expect(headerPaths('mobile,phone\n'), 'a second phone column would be the reserved variable "phone"').to.deep.equal(['header.1']);
    expect(headerPaths('phone,City,city,NAME,name\n')).to.deep.equal(['header.2', 'header.4']);
    const tooMany = readContactFile(['phone', ...Array.from({ length: 51 }, (_, i) => `v${i}`)].join(','))._unsafeUnwrapErr();
    expect(tooMany.type === 'validation_error' && tooMany.details).to.deep.equal([{ path: 'header', message: 'At most 50 variable columns (the file has 51)' }]);
    expect(readContactFile(['phone', 'name', ...Array.from({ length: 50 }, (_, i) => `v${i}`)].join(',')).isOk(), '50 variables').to.equal(true);
  });

  it('reports rows it cannot store with their row number, value and reason, and keeps the others', () => {
    const text = [
      'phone,name,note',
      `${KE},Amina,ok`,
      ',Nobody,x',
      '+254 71,Short,x',
      '0712345678,National,x',
      'abc,Letters,x',
      `${NG},Two columns`,
      `${NG},${'n'.repeat(121)},x`,
      `${NG},Bell,\u0007`,
      '',
      `"${NG}",Quoted,"multi`,
      `line"`,
      `${KE},Open,"never closed`,
    ].join('\n');
    const file = read(text);
    expect(file.members.map((m) => [m.phone, m.name, m.vars.note])).to.deep.equal([[KE, 'Amina', 'ok'], [NG, 'Quoted', 'multi\nline']]);
    expect(file.errors).to.deep.equal([
      { row: 3, value: '', reason: 'missing_phone' },
      { row: 4, value: '+254 71', reason: 'impossible_number' },
      { row: 5, value: '0712345678', reason: 'parse_error' },
      { row: 6, value: 'abc', reason: 'not_numeric' },
      { row: 7, value: `${NG},Two columns`, reason: 'column_count' },
      { row: 8, value: 'n'.repeat(121), reason: 'invalid_name' },
      { row: 9, value: '\u0007', reason: 'invalid_var' },
      { row: 12, value: `${KE},Open,"never closed`, reason: 'unterminated_quote' },
    ]);
  });

  it('keeps one member per number, in order of first appearance with the content of the last row, counting duplicates', () => {
    const file = read(`phone,name\n${KE},First\n${NG},Other\n+254 712 345 678,Second\n00254712345678,Third`);
    expect(file.members.map((m) => [m.phone, m.name])).to.deep.equal([[KE, 'Third'], [NG, 'Other']]);
    expect(file.duplicates).to.equal(2);
  });

  it('reads national numbers of the default country; international ones stay as they are', () => {
    const file = read(`phone\n0712 345 678\n712345678\n${NG}\n08031234567\n+254 71`, 'KE');
    expect(file.members.map((m) => m.phone)).to.deep.equal([KE, NG]);
    expect(file.duplicates).to.equal(1);
    expect(file.errors.map((e) => [e.row, e.reason])).to.deep.equal([[5, 'invalid_number'], [6, 'impossible_number']]);
    expect(read('phone\n08031234567', 'NG').members.map((m) => [m.phone, m.country])).to.deep.equal([[NG, 'NG']]);
  });

  // Taking exactly the limit (blank lines not counted) is the shared reader's (packages/kernel/test/contact-file.test.ts).
  it(`refuses more than ${CONTACT_IMPORT_MAX_ROWS} data rows with too_many_rows`, () => {
    const rows = Array.from({ length: CONTACT_IMPORT_MAX_ROWS + 1 }, (_, i) => `+2547${String(i).padStart(8, '0')}`);
    const error = readContactFile(`phone\n${rows.join('\n')}`)._unsafeUnwrapErr();
    expect(error).to.deep.equal({ type: 'too_many_rows', limit: CONTACT_IMPORT_MAX_ROWS, message: 'The file has 100001 data rows; one import takes at most 100000' });
  });
});
