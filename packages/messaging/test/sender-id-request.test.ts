import { expect } from 'chai';
import { estimateSenderIdFee, SENDER_ID_FEES } from '../src/index.ts';
import { ACCOUNT, senderIdWorld } from './support/sender-id-world.ts';

describe('RequestSenderId', () => {
  it('stores a pending request, charges nothing and estimates USD 150 per flat-fee country only', async () => {
    const world = await senderIdWorld();
    const receipt = (await world.request.execute({ accountId: ACCOUNT, name: ' ACME ', countries: ['gh', 'KE', 'TZ', 'NG', 'UG', 'gh'], useCase: ' OTP codes ' }))._unsafeUnwrap();
    expect(receipt.request.toSnapshot()).to.deep.include({
      id: 1,
      accountId: ACCOUNT,
      name: 'ACME',
      countries: ['GH', 'KE', 'TZ', 'NG', 'UG'],
      useCase: 'OTP codes',
      status: 'pending',
      rejectionReason: null,
      feeCharge: null,
      decidedAt: null,
    });
    expect(receipt.estimate.feeCountries).to.deep.equal(['GH', 'TZ']);
    expect(receipt.estimate.feeUsd.toString()).to.equal('300.000000 USD');
    expect(receipt.request.toSnapshot().feeUsd.isZero()).to.equal(true);
    expect(await world.balance()).to.equal(undefined);
    expect(await world.entries()).to.deep.equal([]);
  });

  it('estimates all six flat-fee countries at USD 900, per-network countries in their own currency, and nothing for on-request countries', () => {
    const six = estimateSenderIdFee(['CM', 'DJ', 'EG', 'GH', 'SO', 'TZ'], SENDER_ID_FEES);
    expect([six.feeUsd.toString(), six.feeCountries]).to.deep.equal(['900.000000 USD', ['CM', 'DJ', 'EG', 'GH', 'SO', 'TZ']]);
    const local = estimateSenderIdFee(['KE', 'UG', 'NG', 'ZA'], SENDER_ID_FEES);
    expect([local.feeUsd.toString(), local.feeCountries]).to.deep.equal(['0.000000 USD', []]);
    expect(local.networkFees.map((fee) => `${fee.countryCode} ${fee.amount.toString()}`)).to.deep.equal(['KE 33300.000000 KES', 'UG 600000.000000 UGX']);
    expect(estimateSenderIdFee(['NG', 'ZA'], SENDER_ID_FEES).networkFees).to.deep.equal([]);
  });

  it('treats a blank use case as none', async () => {
    const world = await senderIdWorld();
    const receipt = (await world.request.execute({ accountId: ACCOUNT, name: 'ACME', countries: ['KE'], useCase: '   ' }))._unsafeUnwrap();
    expect(receipt.request.toSnapshot().useCase).to.equal(null);
  });

  it('names every bad field in one validation error and stores nothing', async () => {
    const world = await senderIdWorld();
    const error = (await world.request.execute({ accountId: ACCOUNT, name: '12345', countries: ['KE', 'FR'], useCase: 'x'.repeat(501) }))._unsafeUnwrapErr();
    expect(error.type).to.equal('validation_error');
    expect(error.type === 'validation_error' && error.details.map((d) => d.path)).to.deep.equal(['name', 'countries.1', 'use_case']);
    expect(error.message).to.contain('countries.1: Not one of our markets: FR');
    expect(await world.senderIds.listByAccount(ACCOUNT)).to.deep.equal([]);
  });

  it('refuses the same name while pending or approved in an overlapping country (409), and allows it elsewhere or after a rejection', async () => {
    const world = await senderIdWorld();
    const first = await world.pending('ACME', ['GH', 'KE']);
    const clash = (await world.request.execute({ accountId: ACCOUNT, name: 'ACME', countries: ['KE', 'NG'] }))._unsafeUnwrapErr();
    expect(clash).to.deep.include({ type: 'conflict', resource: 'sender_id', countries: ['KE'] });
    expect(clash.message).to.equal('Sender ID ACME is already requested or approved for KE');
    expect(await world.pending('ACME', ['NG'])).to.equal(2);

    (await world.reject.execute({ id: first, reason: 'Brand not verified' }))._unsafeUnwrap();
    expect(await world.pending('ACME', ['GH', 'KE'])).to.equal(3);
  });
});
