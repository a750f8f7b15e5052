import { expect } from 'chai';
import fc from 'fast-check';
import { checkEmailContent, Email, EmailAddress, MAX_EMAIL_BYTES, textFromHtml, type EmailSnapshot } from '../src/index.ts';

const valid = { from: 'hello@send.example.com', to: ['amina@example.org'], subject: 'Hi', text: 'Hi' };

describe('EmailAddress', () => {
  it('reads a bare address or one with a display name, lower-casing the domain only', () => {
    const named = EmailAddress.create('"Otieno, Amina" <Amina.O+news@Example.ORG>')._unsafeUnwrap();
    expect([named.address, named.name, named.domain]).to.deep.equal(['Amina.O+news@example.org', 'Otieno, Amina', 'example.org']);
    expect(EmailAddress.create('Shop <hello@shop.example>')._unsafeUnwrap().name).to.equal('Shop');
    expect(EmailAddress.create(' hello@shop.example ')._unsafeUnwrap().name).to.equal(undefined);
  });

  it('refuses what is not an address', () => {
    for (const raw of ['', 'nobody', 'nobody@', '@example.org', 'a@localhost', 'a..b@example.org', 'a@-x.example', '"q"@example.org', 'a@[127.0.0.1]', 'a@example.org\r\nBcc: x@evil.example']) {
      expect(EmailAddress.create(raw).isErr(), raw).to.equal(true);
    }
  });
});

describe('textFromHtml', () => {
  it('keeps blocks as lines, links with their address, entities decoded, and drops head, style and script', () => {
    const html = '<html><head><title>T</title><style>p{}</style></head><body><h1>Hi&nbsp;Amina</h1><p>Total: KES&#160;1,200 &amp; more<br>Thanks</p><a href="https://x.example/t">track</a><script>x()</script></body></html>';
    expect(textFromHtml(html)).to.equal('Hi Amina\n\nTotal: KES 1,200 & more\nThanks\n\ntrack (https://x.example/t)');
  });

  it('leaves no tag behind, whatever the markup (law: output has no "<tag>")', () => {
    fc.assert(fc.property(fc.array(fc.constantFrom('<p>', '</p>', '<b>', 'x', ' ', '<br/>', '<a href="u">', '</a>', '&amp;', '\n')), (parts) => !/<\/?[a-z][^>]*>/i.test(textFromHtml(parts.join('')))));
  });
});

describe('checkEmailContent', () => {
  it('derives the text part from the html when none is given', () => {
    expect(checkEmailContent({ ...valid, text: undefined, html: '<p>Hello</p>' })._unsafeUnwrap().text).to.equal('Hello');
  });

  it('counts decoded attachments against 40 MB', () => {
    const content = 'A'.repeat((Math.floor(MAX_EMAIL_BYTES / 3) + 1) * 4);
    const error = checkEmailContent({ ...valid, attachments: [{ filename: 'big.bin', content }] })._unsafeUnwrapErr();
    expect(error.details.map((detail) => detail.path)).to.deep.equal(['attachments']);
  });
});

describe('Email status', () => {
  const snapshot = (): EmailSnapshot => ({
    id: 'em_01KAAAAAAAAAAAAAAAAAAAAAAA',
    accountId: 'acc_1',
    domainId: 'dom_1',
    from: { address: 'hello@send.example.com' },
    to: [{ address: 'a@example.org' }],
    cc: [],
    bcc: [],
    replyTo: [],
    subject: 's',
    html: null,
    text: 't',
    attachments: [],
    headers: {},
    tags: [],
    status: 'queued',
    messageId: null,
    scheduledAt: null,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  });
  const types = fc.constantFrom('sent', 'delivered', 'bounced', 'complained', 'failed') as fc.Arbitrary<'sent' | 'delivered' | 'bounced' | 'complained' | 'failed'>;

  it('never goes back: after any events in any order, a final outcome seen is never followed by sent or queued (law: monotonic status)', () => {
    fc.assert(
      fc.property(fc.array(types, { maxLength: 8 }), (events) => {
        const email = Email.rehydrate(snapshot());
        events.forEach((type, n) => email.apply({ emailId: email.id, type, recipient: 'a@example.org', at: new Date(n), reason: null }));
        const sawFinal = events.some((type) => type !== 'sent');
        return sawFinal ? email.status !== 'sent' && email.status !== 'queued' : email.status === (events.length ? 'sent' : 'queued');
      }),
    );
  });
});
