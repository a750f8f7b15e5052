import { expect } from 'chai';
import { err, ok, readContactTable, type ContactColumnSpec } from '../src/index.ts';

type Reason = 'missing_id' | 'invalid_id' | 'invalid_tag';

/** A contact file of ids (`id` or `ref`), optional given and family name columns, and tags for the rest. */
const spec = (maxRows = 10): ContactColumnSpec<number, Reason> => ({
  maxRows,
  key: {
    title: 'id',
    names: ['id', 'ref'],
    missing: 'missing_id',
    read: (cell) => (/^\s*\d+\s*$/.test(cell) ? ok(Number(cell)) : err('invalid_id')),
    identity: (id) => String(id),
  },
  names: [['given'], ['family', 'surname']],
  nameIssue: (name) => (name.includes('!') ? 'no !' : undefined),
  free: { title: 'tag', max: 2, keyIssue: (key) => (/^[a-z]+$/.test(key) ? undefined : 'letters only'), valueIssue: (value) => (value === 'bad' ? 'not bad' : undefined), invalid: 'invalid_tag' },
});

const read = (text: string, maxRows?: number) => readContactTable(text, spec(maxRows))._unsafeUnwrap();
const headerError = (text: string) => {
  const error = readContactTable(text, spec())._unsafeUnwrapErr();
  if (error.type !== 'validation_error') throw new Error(`expected a validation error, got ${error.type}`);
  return error;
};
const headerPaths = (text: string) => headerError(text).details.map((detail) => detail.path);

describe('readContactTable (the contact-file reader of every import)', () => {
  it('reads the key column under any of its names in any case (the leftmost), the name columns found, and the other columns as free ones', () => {
    expect(read('tag,REF,Surname,id\nx,7,Otieno,8').rows).to.deep.equal([{ key: 7, names: [undefined, 'Otieno'], free: { tag: 'x', id: '8' } }]);
    expect(read(' Id ,given\n1,Amina').rows).to.deep.equal([{ key: 1, names: ['Amina', undefined], free: {} }]);
  });

  it('refuses a header without the key column, naming the column names it wants and the ones it has', () => {
    expect(headerError('given,tag\nA,x').details).to.deep.equal([
      { path: 'header', message: 'No id column: The file must start with a header row naming its columns, one of them id, ref (it has "given", "tag")' },
    ]);
  });

  it('refuses repeated column names (in any case), bad free keys and too many free columns, naming each in one error', () => {
    expect(headerPaths('id,tag,Tag,GIVEN,given\n')).to.deep.equal(['header.2', 'header.4']);
    expect(headerPaths('id,a1,ok,\n')).to.deep.equal(['header.1', 'header.3']);
    expect(headerError('id,a,b,c\n').details).to.deep.equal([{ path: 'header', message: 'At most 2 tag columns (the file has 3)' }]);
    expect(readContactTable('id,a,b\n', spec()).isOk(), 'two free columns').to.equal(true);
  });

  it('refuses a missing, blank or unterminated header', () => {
    expect(headerPaths('')).to.deep.equal(['header']);
    expect(headerPaths('\n\n')).to.deep.equal(['header']);
    expect(headerPaths('"id,given\n1,A')).to.deep.equal(['header']);
    expect(headerError('"id,given\n1,A').details[0]!.message).to.equal('A quoted column name has no closing quote');
    expect(headerPaths(' , \nx')).to.deep.equal(['header', 'header.0', 'header.1']);
  });

  it('reports the rows it cannot store with their row number (a quoted line break starts none), value and reason, and keeps the others', () => {
    const file = read(['id,given,tag', '1,Amina,x', ',Nobody,x', 'abc,Letters,x', '2,Two columns', '3,Hey!,x', '4,Bad,bad', '', '5,"Multi', 'line",y', '6,Open,"never closed'].join('\n'));
    expect(file.rows).to.deep.equal([
      { key: 1, names: ['Amina', undefined], free: { tag: 'x' } },
      { key: 5, names: ['Multi\nline', undefined], free: { tag: 'y' } },
    ]);
    expect(file.errors).to.deep.equal([
      { row: 3, value: '', reason: 'missing_id' },
      { row: 4, value: 'abc', reason: 'invalid_id' },
      { row: 5, value: '2,Two columns', reason: 'column_count' },
      { row: 6, value: 'Hey!', reason: 'invalid_name' },
      { row: 7, value: 'bad', reason: 'invalid_tag' },
      { row: 10, value: '6,Open,"never closed', reason: 'unterminated_quote' },
    ]);
  });

  it('keeps one row per contact, in the place of its first row with the content of its last, counting duplicates', () => {
    const file = read('id,given\n1,First\n2,Other\n 1 ,Second\n1,Third');
    expect(file.rows.map((row) => [row.key, row.names[0]])).to.deep.equal([[1, 'Third'], [2, 'Other']]);
    expect(file.duplicates).to.equal(2);
  });

  it('takes maxRows data rows (blank lines do not count) and refuses one more with too_many_rows, before reading any', () => {
    expect(read('id\n1\n2\n\n3\n\n', 3).rows).to.have.length(3);
    expect(readContactTable('id\n1\n2\n3\nnot read', spec(3))._unsafeUnwrapErr()).to.deep.equal({ type: 'too_many_rows', limit: 3, message: 'The file has 4 data rows; one import takes at most 3' });
  });
});
