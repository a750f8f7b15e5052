import { expect } from 'chai';
import { FakeClock, ImmediateUnitOfWork, ReferenceDigests } from '@tuma/kernel/testing';
import { AddSenderAddress, CONFIRMATION_TTL_MS, ConfirmationTokens, ConfirmSenderAddress, SignedTokens, type ServiceMessage } from '../src/index.ts';
import { InMemorySenderAddressRepository } from '../src/testing/index.ts';

function world() {
  const clock = new FakeClock('2026-11-25T08:00:00.000Z');
  const addresses = new InMemorySenderAddressRepository();
  const tokens = new ConfirmationTokens(new SignedTokens(new ReferenceDigests(), () => Buffer.alloc(32, 3)));
  const mailed: ServiceMessage[] = [];
  const add = new AddSenderAddress(addresses, tokens, { send: async (message) => void mailed.push(message) }, { baseUrl: () => 'https://mail.tuma.test' }, clock);
  const confirm = new ConfirmSenderAddress(addresses, tokens, new ImmediateUnitOfWork(), clock);
  const tokenMailed = () => /confirm\?token=(\S+)/.exec(mailed.at(-1)!.text)![1]!;
  return { clock, add, confirm, tokens, tokenMailed };
}

describe('sender addresses', () => {
  it('mails a link to {mail_url} that confirms the address until it expires, a week later', async () => {
    const w = world();
    const added = (await w.add.execute({ accountId: 'acc_a', email: 'Founder@FreeMail.example' }))._unsafeUnwrap();
    expect(added).to.include({ email: 'founder@freemail.example', status: 'pending' });
    const token = w.tokenMailed();
    w.clock.advance(CONFIRMATION_TTL_MS);
    expect((await w.confirm.execute({ token }))._unsafeUnwrapErr()).to.include({ type: 'invalid_token', purpose: 'confirm_sender_address' });
    w.clock.advance(-1);
    expect((await w.confirm.execute({ token }))._unsafeUnwrap()).to.include({ status: 'confirmed', id: added.id });
  });

  it("reads a link only for the account, address and id it was signed for", async () => {
    const w = world();
    const added = (await w.add.execute({ accountId: 'acc_a', email: 'ops@freemail.example' }))._unsafeUnwrap();
    const expiresAt = new Date(w.clock.now().getTime() + 60_000);
    for (const claim of [
      { accountId: 'acc_b', senderAddressId: added.id, email: added.email, expiresAt },
      { accountId: 'acc_a', senderAddressId: added.id, email: 'other@freemail.example', expiresAt },
      { accountId: 'acc_a', senderAddressId: 'sa_00000000000000000000000000', email: added.email, expiresAt },
    ]) {
      expect((await w.confirm.execute({ token: w.tokens.sign(claim) })).isErr(), JSON.stringify(claim)).to.equal(true);
    }
    expect((await w.confirm.execute({ token: w.tokens.sign({ accountId: 'acc_a', senderAddressId: added.id, email: added.email, expiresAt }) })).isOk()).to.equal(true);
  });
});
