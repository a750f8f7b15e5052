import { expect } from 'chai';
import fc from 'fast-check';
import { currency, Money } from '@tuma/kernel';
import { routeInbound, TwoWayService, type TwoWayServiceSnapshot } from '../src/index.ts';

const usd = Money.ofMicros(1n, currency('USD'));
const live = (id: number, keyword: string | null): TwoWayServiceSnapshot => ({
  ...TwoWayService.request(
    {
      accountId: `acc_${id}`, countryCode: 'UG', type: keyword ? 'shared' : 'dedicated', keyword, tollFree: false, kycDocumentUrls: [], useCase: 'x', companyName: 'x',
      webhookUrl: null, autoReplyEnabled: false, autoReplyText: '', forwardEmail: null, prices: { setupFeeUsd: usd, monthlyFeeUsd: usd, inboundPriceUsd: usd, outboundPriceUsd: usd },
    },
    new Date('2026-03-01T08:00:00.000Z'),
  ),
  id,
  status: 'active',
  number: '6000',
});

describe('inbound routing on a short code', () => {
  it('a shared code gives a text to the service whose keyword is its first word, whatever its case and the spaces around it', () => {
    const services = [live(1, 'PIZZA'), live(2, 'VOTE2026')];
    fc.assert(
      fc.property(fc.constantFrom('pizza', 'PIZZA', 'PiZzA', 'vote2026', 'Vote2026'), fc.constantFrom('', ' large', ' STOP'), fc.constantFrom('', ' ', '\t'), (word, rest, pad) => {
        const route = routeInbound(services, `${pad}${word}${rest}`);
        expect(route?.service.id).to.equal(word.toUpperCase() === 'PIZZA' ? 1 : 2);
        expect(route?.keywordText).to.equal(rest.trim().toUpperCase());
      }),
    );
  });

  it('a shared code keeps a text without a known first word out of every service; a dedicated code takes all of its texts', () => {
    expect(routeInbound([live(1, 'PIZZA')], 'PIZZAS please')).to.equal(null);
    expect(routeInbound([live(1, 'PIZZA')], 'STOP')).to.equal(null);
    expect(routeInbound([live(3, null)], 'STOP')).to.deep.include({ keywordText: 'STOP' });
    expect(routeInbound([], 'anything')).to.equal(null);
  });
});
