import { expect } from 'chai';
import fc from 'fast-check';
import { DomainName } from '../src/index.ts';

const name = (raw: string) => DomainName.create(raw);

describe('DomainName', () => {
  it('lower-cases, drops the root dot and spaces around, and writes IDNA names in their ASCII form', () => {
    expect(name('  Mail.Example.COM. ')._unsafeUnwrap().value).to.equal('mail.example.com');
    expect(name('Bücher.example')._unsafeUnwrap().value).to.equal('xn--bcher-kva.example');
    expect(name('habari.co.ke')._unsafeUnwrap().value).to.equal('habari.co.ke');
  });

  it('refuses IP addresses, single labels and names that are a public suffix', () => {
    for (const [raw, why] of [
      ['192.0.2.10', /IP address/],
      ['[2001:db8::1]', /IP address/],
      ['2001:db8::1', /IP address/],
      ['localhost', /two labels/],
      ['com', /two labels/],
      ['co.ke', /public suffix/],
      ['github.io', /public suffix/],
    ] as const) {
      expect(name(raw)._unsafeUnwrapErr().details[0], raw).to.include({ path: 'name' }).and.to.have.property('message').that.matches(why);
    }
  });

  it('refuses what is not a host name', () => {
    for (const raw of ['', 'exa mple.com', '-bad.example.com', 'bad-.example.com', 'a..example.com', 'user@example.com', 'example.com/path', `${'a'.repeat(64)}.example.com`]) {
      expect(name(raw).isErr(), raw).to.equal(true);
    }
  });

  it('is a fixed point: a normalised name normalises to itself (law)', () => {
    const label = fc.stringMatching(/^[a-zA-Z0-9]([a-zA-Z0-9-]{0,20}[a-zA-Z0-9])?$/);
    fc.assert(
      fc.property(fc.array(label, { minLength: 1, maxLength: 3 }), fc.constantFrom('com', 'co.ke', 'ng', 'org'), (labels, suffix) => {
        // Under a fixed first label: generated labels can spell a public suffix (`i.ng`, `blogspot.com`), which is refused.
        const once = name(`mail.${labels.join('.')}.${suffix}`)._unsafeUnwrap();
        expect(name(once.value)._unsafeUnwrap().equals(once)).to.equal(true);
        expect(once.value).to.equal(once.value.toLowerCase());
      }),
    );
  });
});
