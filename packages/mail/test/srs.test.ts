import { expect } from 'chai';
import fc from 'fast-check';
import { srsDecode, srsEncode, SRS_MAX_AGE_DAYS } from '../src/index.ts';

const KEY = Buffer.alloc(32, 7);
const DAY_MS = 86_400_000;
const HOST = 'bounces.shop.example.com';

/** Senders as mail carries them: dot-atom local parts (any case, `=` and `+` included), LDH domains. */
const localPart = fc.stringMatching(/^[A-Za-z0-9!#$%&'*+=?^_`{|}~-]{1,20}(\.[A-Za-z0-9+=_-]{1,10}){0,2}$/);
const domain = fc.stringMatching(/^[a-z0-9]([a-z0-9-]{0,10}[a-z0-9])?(\.[a-z]{2,6}){1,2}$/);
const sender = fc.tuple(localPart, domain).map(([local, name]) => `${local}@${name}`);
const moment = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true });

describe('SRS0 addresses (docs/mail.md, "Forwards")', () => {
  it('write the hash they always wrote (the node:crypto HMAC before WebCrypto): bounces of mail forwarded earlier still read back', async () => {
    expect(await srsEncode('Amina.Otieno+news@Example.org', HOST, KEY, new Date('2026-11-25T08:00:00Z'))).to.equal('SRS0=3bipdd3c=jo=Example.org=Amina.Otieno+news@bounces.shop.example.com');
    expect(await srsEncode('baraka@example.net', HOST, KEY, new Date('2000-01-01T00:00:00Z'))).to.equal('SRS0=7poluqte=wn=example.net=baraka@bounces.shop.example.com');
  });

  it('read back as the sender they rewrote: decode(encode(x)) = x, at our host, for up to 21 days', async () => {
    await fc.assert(
      fc.asyncProperty(sender, moment, fc.integer({ min: 0, max: SRS_MAX_AGE_DAYS }), async (original, at, days) => {
        const address = await srsEncode(original, HOST, KEY, at);
        expect(address).to.match(/^SRS0=[a-z2-7]{8}=[a-z2-7]{2}=/);
        expect(address.endsWith(`@${HOST}`)).to.equal(true);
        expect((await srsDecode(address, KEY, new Date(at.getTime() + days * DAY_MS)))._unsafeUnwrap()).to.equal(original);
      }),
    );
  });

  it('still read back when a server changed the case of the address', async () => {
    await fc.assert(
      fc.asyncProperty(sender, moment, async (original, at) => {
        const address = await srsEncode(original, HOST, KEY, at);
        expect((await srsDecode(address.toLowerCase(), KEY, at))._unsafeUnwrap().toLowerCase()).to.equal(original.toLowerCase());
      }),
    );
  });

  it('refuse a hash we did not make: any character of the hash, the stamp or the sender changed, or another key', async () => {
    await fc.assert(
      fc.asyncProperty(sender, moment, fc.nat(), async (original, at, pick) => {
        const address = await srsEncode(original, HOST, KEY, at);
        const local = address.slice(0, address.lastIndexOf('@'));
        // A position inside the hash, the stamp, the domain or the local part (not the `SRS0=` prefix nor a separator).
        const positions = [...local].map((_, i) => i).filter((i) => i >= 5 && local[i] !== '=');
        const i = positions[pick % positions.length]!;
        const replacement = local[i]!.toLowerCase() === 'x' ? 'q' : 'x';
        const tampered = `${local.slice(0, i)}${replacement}${local.slice(i + 1)}@${HOST}`;
        expect((await srsDecode(tampered, KEY, at))._unsafeUnwrapErr()).to.equal('bad_hash');
        expect((await srsDecode(address, Buffer.alloc(32, 8), at))._unsafeUnwrapErr(), 'another key').to.equal('bad_hash');
      }),
    );
  });

  it('refuse an address older than 21 days', async () => {
    await fc.assert(
      fc.asyncProperty(sender, moment, fc.integer({ min: SRS_MAX_AGE_DAYS + 1, max: 1000 }), async (original, at, days) => {
        const address = await srsEncode(original, HOST, KEY, at);
        expect((await srsDecode(address, KEY, new Date(at.getTime() + days * DAY_MS)))._unsafeUnwrapErr()).to.equal('expired');
      }),
    );
  });

  it('leave a bounce (the null sender) as it is, and take an address of another SRS forwarder as a sender like any', async () => {
    const at = new Date('2026-11-25T08:00:00Z');
    expect(await srsEncode('', HOST, KEY, at)).to.equal('');
    const theirs = 'SRS0=AbCd=ZZ=example.org=amina@forwarder.example.net';
    expect((await srsDecode(await srsEncode(theirs, HOST, KEY, at), KEY, at))._unsafeUnwrap()).to.equal(theirs);
    expect((await srsDecode('amina@example.org', KEY, at))._unsafeUnwrapErr()).to.equal('not_srs');
  });
});
