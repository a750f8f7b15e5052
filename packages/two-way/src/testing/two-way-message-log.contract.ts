/** The contract suite of the services' message log. */
import { expect } from 'chai';
import { currency, Money } from '@tuma/kernel';
import type { TwoWayMessageLog } from '../application/messages/two-way-message-log.port.ts';
import type { TwoWayMessage } from '../domain/messages/two-way-message.ts';

export interface TwoWayMessageLogFixture {
  readonly log: TwoWayMessageLog;
  /** Two services that exist. */
  readonly serviceIds: readonly [number, number];
}

const at = (minute: number) => new Date(Date.UTC(2026, 2, 1, 8, minute));

export function describeTwoWayMessageLogContract(name: string, make: () => Promise<TwoWayMessageLogFixture>): void {
  describe(`TwoWayMessageLog contract: ${name}`, () => {
    it('keeps each message once and lists a service’s newest first with the total, amounts exact', async () => {
      const { log, serviceIds: [one, two] } = await make();
      const inbound = (id: string, serviceId: number, minute: number, billed: boolean): TwoWayMessage => ({
        id, serviceId, direction: 'inbound', from: '+256772123456', to: '6000', text: 'PIZZA large please', keyword: 'PIZZA', phone: '+256772123456',
        status: 'received', billed, cost: Money.parse(billed ? '0.030000' : '0', currency('KES'))._unsafeUnwrap(), autoReply: false, createdAt: at(minute),
      });
      const reply: TwoWayMessage = {
        id: 'msg_01JREPLY', serviceId: one, direction: 'outbound', from: '6000', to: '+256772123456', text: 'On its way', keyword: null, phone: '+256772123456',
        status: 'submitted', billed: null, cost: Money.parse('1.234567', currency('KES'))._unsafeUnwrap(), autoReply: true, createdAt: at(2),
      };
      await log.record(inbound('mo_01JFIRST', one, 1, true));
      await log.record(reply);
      await log.record(inbound('mo_01JSECOND', one, 3, false));
      await log.record({ ...inbound('mo_01JSECOND', one, 3, true), text: 'changed' });
      await log.record(inbound('mo_01JOTHER', two, 4, true));
      const listed = await log.list(one, 10);
      expect(listed.total).to.equal(3);
      expect(listed.messages.map((m) => m.id)).to.deep.equal(['mo_01JSECOND', 'msg_01JREPLY', 'mo_01JFIRST']);
      expect(listed.messages[0]).to.deep.equal(inbound('mo_01JSECOND', one, 3, false));
      expect(listed.messages[1]).to.deep.equal(reply);
      expect(await log.list(one, 1)).to.deep.equal({ messages: [inbound('mo_01JSECOND', one, 3, false)], total: 3 });
    });
  });
}
