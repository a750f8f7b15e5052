import { expect } from 'chai';
import type { ValidationError } from '@tuma/kernel';
import { DAY_MS, type RequestServiceInput } from '../src/index.ts';
import { twoWayWorld } from './support/two-way-world.ts';

type World = Awaited<ReturnType<typeof twoWayWorld>>;
const request = (accountId: string, changes: Partial<RequestServiceInput> = {}): RequestServiceInput => ({
  accountId,
  countryCode: 'UG',
  type: 'dedicated',
  useCase: 'Customer support',
  companyName: 'Acme',
  kycDocumentUrls: ['https://docs.example/acme.pdf'],
  ...changes,
});
const requested = async (w: World, accountId: string, changes: Partial<RequestServiceInput> = {}) => (await w.service.requestService.execute(request(accountId, changes)))._unsafeUnwrap();

describe('two-way use cases (in-memory world, clock moved by hand)', () => {
  it('prices all 54 markets; a country without a basic rate or custom price has null per-SMS prices and is unavailable', async () => {
    const w = await twoWayWorld();
    const entries = (await w.service.listPricing.execute())._unsafeUnwrap();
    expect(entries).to.have.length(54);
    const ug = entries.find((e) => e.countryCode === 'UG')!;
    expect([ug.isAvailable, ug.priceSource, ug.smsBasicPriceUsd?.toDecimalString(), ug.setupFeeUsd.toDecimalString()]).to.deep.equal([true, 'basic', '0.008108', '500.000000']);
    const gh = entries.find((e) => e.countryCode === 'GH')!;
    expect([gh.isAvailable, gh.inboundPriceUsd, gh.outboundPriceUsd], 'no USD rate for GHS').to.deep.equal([false, null, null]);
    const custom = (await w.service.setCountryPricing.execute({
      countryCode: 'gh',
      price: { offered: true, setupFeeUsd: '400', monthlyFeeUsd: '250', sharedKeywordMonthlyFeeUsd: '35', customSmsPriceUsd: '0.02', tollFreeAvailable: false, tollFreeInboundPriceUsd: null },
    }))._unsafeUnwrap();
    expect([custom.isAvailable, custom.priceSource, custom.inboundPriceUsd?.toDecimalString()]).to.deep.equal([true, 'custom', '0.020000']);
  });

  it('requests a pending service with no number and nothing charged, naming every bad field', async () => {
    const w = await twoWayWorld();
    const accountId = await w.account('1000000');
    const service = await requested(w, accountId);
    expect(service).to.deep.include({ id: 1, status: 'pending', number: null, keyword: null });
    expect(await w.fees(accountId)).to.deep.equal([]);
    const refused = (await w.service.requestService.execute(request(accountId, { countryCode: 'GH', type: 'shared', kycDocumentUrls: ['http://x.example'], webhookUrl: 'http://hook.example' })))._unsafeUnwrapErr();
    expect((refused as ValidationError).details.map((d) => d.path)).to.deep.equal(['country_code', 'keyword', 'kyc_document_urls.0', 'webhook_url']);
  });

  it('holds a shared keyword per country among live services: 409 keyword_taken, free again once cancelled', async () => {
    const w = await twoWayWorld();
    const a = await w.account('0');
    const first = await requested(w, a, { type: 'shared', keyword: 'pizza' });
    expect(first.keyword).to.equal('PIZZA');
    expect((await w.service.requestService.execute(request(a, { type: 'shared', keyword: 'Pizza' })))._unsafeUnwrapErr().type).to.equal('keyword_taken');
    expect((await w.service.checkKeyword.execute({ keyword: 'pizza', countryCode: 'ug' }))._unsafeUnwrap()).to.deep.equal({ keyword: 'PIZZA', countryCode: 'UG', available: false, reason: 'taken' });
    (await w.service.cancelService.execute({ accountId: a, id: first.id }))._unsafeUnwrap();
    expect((await w.service.checkKeyword.execute({ keyword: 'PIZZA', countryCode: 'UG' }))._unsafeUnwrap().available).to.equal(true);
    expect((await w.service.checkKeyword.execute({ keyword: 'stop', countryCode: 'UG' }))._unsafeUnwrap().reason).to.equal('reserved');
  });

  it('approval charges setup and the first month as one fee in the wallet currency; 402 rolls back the approval: pending, its code free', async () => {
    const w = await twoWayWorld();
    const poor = await w.account('100');
    const id = (await requested(w, poor)).id;
    expect((await w.service.approveService.execute({ id }))._unsafeUnwrapErr().type).to.equal('insufficient_balance');
    expect((await w.repository.find(id))!).to.deep.include({ status: 'pending', number: null, approvedAt: null });
    expect(await w.repository.numberHolder('6100'), 'the code it took is free again').to.equal(undefined);
    expect(await w.fees(poor)).to.deep.equal([]);
    const rich = await w.account('1000000');
    const other = (await requested(w, rich)).id;
    const { service, charge } = (await w.service.approveService.execute({ id: other }))._unsafeUnwrap();
    // (500 + 300) USD x 129 = 103,200 KES.
    expect([charge.amount.toDecimalString(), charge.reference, service.status, service.number]).to.deep.equal(['-103200.000000', `two-way:${other}:1`, 'active', '6100']);
    expect((await w.service.approveService.execute({ id: other }))._unsafeUnwrapErr().type).to.equal('service_state_conflict');
  });

  it('the sweep charges each period once, makes an unpaid service past due then suspended, and a top-up restores it', async () => {
    const w = await twoWayWorld();
    const accountId = await w.account('103200');
    const { id } = await requested(w, accountId);
    (await w.service.approveService.execute({ id }))._unsafeUnwrap();
    w.clock.advance(30 * DAY_MS);
    expect(await w.service.renewServices.run()).to.deep.equal({ charged: 0, unpaid: 1, deferred: 0 });
    expect((await w.repository.find(id))!.status).to.equal('past_due');
    for (let day = 1; day <= 7; day++) {
      w.clock.advance(DAY_MS);
      await w.service.renewServices.run();
    }
    expect((await w.repository.find(id))!).to.deep.include({ status: 'suspended', suspendedFor: 'non_payment' });
    await w.topUp(accountId, '100000');
    expect(await w.service.renewServices.retryUnpaidOf(accountId)).to.deep.equal({ charged: 1, unpaid: 0, deferred: 0 });
    expect(await w.service.renewServices.run(), 'charged once').to.deep.equal({ charged: 0, unpaid: 0, deferred: 0 });
    expect((await w.repository.find(id))!.status).to.equal('active');
    expect((await w.fees(accountId)).map((f) => f.reference)).to.deep.equal([`two-way:${id}:2`, `two-way:${id}:1`]);
  });

  it('hides other accounts\' services and changes only the customer\'s settings', async () => {
    const w = await twoWayWorld();
    const [a, b] = [await w.account('0'), await w.account('0')];
    const { id } = await requested(w, a);
    expect((await w.service.getService.execute({ accountId: b, id }))._unsafeUnwrapErr().type).to.equal('not_found');
    expect((await w.service.updateService.execute({ accountId: a, id, autoReplyEnabled: true }))._unsafeUnwrapErr().type).to.equal('validation_error');
    const updated = (await w.service.updateService.execute({ accountId: a, id, autoReplyEnabled: true, autoReplyText: 'Thanks!', forwardEmail: 'ops@acme.example' }))._unsafeUnwrap();
    expect(updated).to.deep.include({ autoReplyEnabled: true, autoReplyText: 'Thanks!', forwardEmail: 'ops@acme.example', countryCode: 'UG' });
  });
});
