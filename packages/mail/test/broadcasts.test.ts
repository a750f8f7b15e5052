import { expect } from 'chai';
import fc from 'fast-check';
import { ReferenceDigests } from '@tuma/kernel/testing';
import { readMailContactFile, renderTemplate, SignedTokens, templateIssues, UnsubscribeTokens, type TemplateValues } from '../src/index.ts';

const values: TemplateValues = { email: 'amina@example.org', firstName: 'Amina', lastName: null, data: { city: 'Nairobi', note: '<b>"hi" & \'bye\'</b>' }, unsubscribeUrl: 'https://mail.example/u/t.k' };

describe('broadcast templates', () => {
  it('fills every known placeholder, in any spacing, with fallbacks for missing and empty values', () => {
    expect(renderTemplate('Hi {{first_name}} {{ last_name | friend }} <{{email}}> from {{data.city}}{{data.zip|}}; {{unsubscribe_url}}', values, 'text')).to.equal(
      'Hi Amina friend <amina@example.org> from Nairobi; https://mail.example/u/t.k',
    );
  });

  it('escapes values in html, makes them one line in a subject, and leaves unknown placeholders to the check', () => {
    expect(renderTemplate('<p>{{data.note}}</p>', values, 'html')).to.equal('<p>&lt;b&gt;&quot;hi&quot; &amp; &#39;bye&#39;&lt;/b&gt;</p>');
    expect(renderTemplate('Re: {{data.lines}}', { ...values, data: { lines: 'one\r\ntwo\nthree' } }, 'line')).to.equal('Re: one two three');
    expect(templateIssues('subject', 'Hi {{name}} {{data.bad key}} {{first_name}} {{data.ok_1}}').map((issue) => issue.message)).to.deep.equal([
      'Unknown placeholder {{name}}: use {{first_name}}, {{last_name}}, {{email}}, {{data.key}} or {{unsubscribe_url}}',
      'Unknown placeholder {{data.bad key}}: use {{first_name}}, {{last_name}}, {{email}}, {{data.key}} or {{unsubscribe_url}}',
    ]);
  });

  it('never lets a value write markup into html (property: the filled html has no tag the template did not)', () => {
    fc.assert(
      fc.property(fc.string(), (text) => {
        const html = renderTemplate('<p>{{first_name}}</p>', { ...values, firstName: text }, 'html');
        expect(html.slice(3, -4)).not.to.match(/[<>"']/);
      }),
    );
  });
});

describe('the mail contact file', () => {
  it('reads the email column in any case, names and data, reporting rows it leaves out', () => {
    const file = readMailContactFile('\uFEFFE-Mail,First Name,LAST_NAME,plan\nA@Example.org,Amina,Otieno,gold\nnope,X,Y,Z\n,,,\nb@example.org,B\n"c@example.org","C, Jr",,basic\na@example.org,Amina W.,,silver')._unsafeUnwrap();
    expect(file.contacts).to.deep.equal([
      { email: 'a@example.org', firstName: 'Amina W.', lastName: null, data: { plan: 'silver' } },
      { email: 'c@example.org', firstName: 'C, Jr', lastName: null, data: { plan: 'basic' } },
    ]);
    expect(file.duplicates).to.equal(1);
    expect(file.errors).to.deep.equal([
      { row: 3, value: 'nope', reason: 'invalid_email' },
      { row: 4, value: '', reason: 'missing_email' },
      { row: 5, value: 'b@example.org,B', reason: 'column_count' },
    ]);
  });

  it('refuses a header without an email column or with bad data keys, and more than 100,000 rows', () => {
    const header = readMailContactFile('phone,name\n1,A')._unsafeUnwrapErr();
    expect(header.type === 'validation_error' && header.details).to.deep.equal([
      { path: 'header', message: 'No email column: The file must start with a header row naming its columns, one of them email, e-mail, email_address, mail (it has "phone", "name")' },
    ]);
    const tooMany = readMailContactFile(['email', ...Array.from({ length: 51 }, (_, i) => `d${i}`)].join(','))._unsafeUnwrapErr();
    expect(tooMany.type === 'validation_error' && tooMany.details).to.deep.equal([{ path: 'header', message: 'At most 50 data columns (the file has 51)' }]);
    const keys = readMailContactFile('email,1st,Email\na@example.org,x,y')._unsafeUnwrapErr();
    expect(keys.type === 'validation_error' && keys.details.map((d) => d.path)).to.deep.equal(['header.1', 'header.2']);
    const many = readMailContactFile(['email', ...Array.from({ length: 100_001 }, (_, i) => `r${i}@example.org`)].join('\n'))._unsafeUnwrapErr();
    expect(many).to.deep.include({ type: 'too_many_rows', limit: 100_000 });
  });
});

describe('unsubscribe tokens', () => {
  const tokens = new UnsubscribeTokens(new SignedTokens(new ReferenceDigests(), () => Buffer.alloc(32, 3)), { baseUrl: () => 'https://mail.example' });

  it('read back the contact and broadcast they were signed for, and nothing once altered or signed for another purpose', () => {
    const claim = { contactId: 'ct_01KBX7Z6T8YV66PYHV6AZX6CGP', broadcastId: 'bc_01KBX7Z6T7D85TY6XGQ0Y1ZVGR' };
    const token = tokens.sign(claim);
    expect(tokens.read(token)).to.deep.equal(claim);
    expect(tokens.url(claim)).to.equal(`https://mail.example/u/${token}`);
    fc.assert(
      fc.property(fc.nat(token.length - 1), fc.constantFrom(...'ABCabc019-_'), (index, char) => {
        const altered = token.slice(0, index) + char + token.slice(index + 1);
        if (altered !== token) expect(tokens.read(altered)).to.equal(undefined);
      }),
    );
    const tracking = new SignedTokens(new ReferenceDigests(), () => Buffer.alloc(32, 3)).sign('tracking:open', `${claim.contactId}\n${claim.broadcastId}`);
    expect(tokens.read(tracking), 'a tracking token').to.equal(undefined);
  });
});
