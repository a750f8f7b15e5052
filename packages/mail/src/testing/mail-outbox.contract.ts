/** The contract suite of the embedded outbox's store. */
import { expect } from 'chai';
import type { MailOutbox, OutboxMessage } from '../application/sending/mail-outbox.port.ts';

export interface MailOutboxFixture {
  /** An empty store. */
  readonly outbox: MailOutbox;
  readonly step: <T>(work: () => Promise<T>) => Promise<T>;
}

const message = (n: number, recipients: readonly string[]): OutboxMessage => ({
  emailId: `em_${n}`,
  messageId: `<${n}@outbox.tuma.local>`,
  from: { address: 'news@example.com', name: 'Example News' },
  recipients,
  subject: `Issue ${n}`,
  returnPath: `em_${n}@bounces.example.com`,
  raw: `Subject: Issue ${n}\r\n\r\nHello ${n}\r\n`,
  createdAt: new Date(Date.UTC(2026, 10, 24, 8, 0, n)),
});

export function describeMailOutboxContract(name: string, make: () => Promise<MailOutboxFixture>): void {
  describe(`MailOutbox contract: ${name}`, () => {
    let f: MailOutboxFixture;
    const step = <T>(work: (outbox: MailOutbox) => Promise<T>) => f.step(() => work(f.outbox));

    beforeEach(async () => {
      f = await make();
    });

    it('keeps messages field for field, newest first, up to the limit', async () => {
      const messages = [message(1, ['a@example.org']), message(2, ['b@example.org', 'c@example.org']), message(3, ['a@example.org'])];
      for (const m of messages) await step((o) => o.add(m));
      expect(await step((o) => o.list({ limit: 10 }))).to.deep.equal([messages[2], messages[1], messages[0]]);
      expect(await step((o) => o.list({ limit: 2 }))).to.deep.equal([messages[2], messages[1]]);
    });

    it('finds the messages of one recipient, whichever of the recipients it was', async () => {
      const messages = [message(1, ['a@example.org']), message(2, ['b@example.org', 'c@example.org'])];
      for (const m of messages) await step((o) => o.add(m));
      expect(await step((o) => o.list({ recipient: 'c@example.org', limit: 10 }))).to.deep.equal([messages[1]]);
      expect(await step((o) => o.list({ recipient: 'nobody@example.org', limit: 10 }))).to.deep.equal([]);
    });
  });
}
