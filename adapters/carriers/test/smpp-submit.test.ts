import { expect } from 'chai';
import { segmentMessage } from '@tuma/messaging';
import { COMMAND_STATUS } from '../src/index.ts';
import { smppFixture, submission, type SmppFixture } from './support/smpp-fixture.ts';

/** short_message as the `smpp` package decodes it on the SMSC side. */
interface Decoded {
  readonly message: string;
  readonly udh?: Buffer[];
}

describe('SmppCarrierGateway: submit_sm', () => {
  let f: SmppFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('submits a one-part message and answers with the carrier message id', async () => {
    f = await smppFixture();
    await f.gateway.start();
    const result = await f.gateway.submit(submission('Habari Amina, karibu @ Tuma!'));
    expect(result._unsafeUnwrap()).to.deep.equal({ carrierMessageIds: ['SMSC000001'] });
    const [{ pdu }] = f.smsc.submits as [(typeof f.smsc.submits)[number]];
    expect(pdu).to.include({
      source_addr: 'TUMA',
      source_addr_ton: 5,
      destination_addr: '254712345678',
      dest_addr_ton: 1,
      dest_addr_npi: 1,
      esm_class: 0,
      data_coding: 0,
      registered_delivery: 1,
    });
    expect((pdu['short_message'] as Decoded).message).to.equal('Habari Amina, karibu @ Tuma!');
  });

  it('submits a long GSM-7 message as concatenated parts: one UDH reference, parts numbered, esm_class 0x40', async () => {
    f = await smppFixture();
    await f.gateway.start();
    const text = 'Asante kwa kununua! Bei ni KES 1,000 {promo}. '.repeat(8);
    const parts = segmentMessage(text).parts;
    const result = await f.gateway.submit(submission(text));
    expect(result._unsafeUnwrap().carrierMessageIds).to.have.length(parts.length);

    const decoded = f.smsc.submits.map(({ pdu }) => pdu);
    const udhs = decoded.map((pdu) => (pdu['short_message'] as Decoded).udh?.[0]);
    const reference = udhs[0]![2];
    udhs.forEach((udh, index) => expect([...udh!]).to.deep.equal([0x00, 0x03, reference, parts.length, index + 1]));
    for (const pdu of decoded) expect(pdu).to.include({ esm_class: 0x40, data_coding: 0 });
    expect(decoded.map((pdu) => (pdu['short_message'] as Decoded).message)).to.deep.equal(parts);

    await f.gateway.submit(submission(text, '+254712345679', 'msg_2'));
    const nextReference = (f.smsc.submits.at(-1)!.pdu['short_message'] as Decoded).udh![0]![2];
    expect(nextReference, 'each message gets its own reference').to.not.equal(reference);
  });

  it('submits UCS-2 text with data_coding 8, big-endian', async () => {
    f = await smppFixture();
    await f.gateway.start();
    const text = 'Ẹ káàárọ̀! Ọjà wa ti dé 🎉 '.repeat(5);
    const parts = segmentMessage(text).parts;
    expect(parts.length).to.be.greaterThan(1);
    await f.gateway.submit(submission(text));
    for (const { pdu } of f.smsc.submits) expect(pdu).to.include({ esm_class: 0x40, data_coding: 8 });
    expect(f.smsc.submits.map(({ pdu }) => (pdu['short_message'] as Decoded).message)).to.deep.equal(parts);
  });

  it('in payload mode, sends a long message as one submit_sm with message_payload', async () => {
    f = await smppFixture({}, { longMessages: 'payload' });
    await f.gateway.start();
    const text = 'Karibu! '.repeat(40);
    const result = await f.gateway.submit(submission(text));
    expect(result._unsafeUnwrap().carrierMessageIds).to.deep.equal(['SMSC000001']);
    expect(f.smsc.submits).to.have.length(1);
    const { pdu } = f.smsc.submits[0]!;
    expect(pdu).to.include({ esm_class: 0, data_coding: 0 });
    expect((pdu['message_payload'] as Decoded).message).to.equal(text);
  });

  it('maps refusals: invalid destination is final, throttling is retryable', async () => {
    f = await smppFixture({
      refuse: (pdu) =>
        pdu['destination_addr'] === '254700000001' ? COMMAND_STATUS.ESME_RINVDSTADR : pdu['destination_addr'] === '254700000002' ? COMMAND_STATUS.ESME_RTHROTTLED : undefined,
    });
    await f.gateway.start();
    const invalid = (await f.gateway.submit(submission('Hi', '+254700000001')))._unsafeUnwrapErr();
    expect(invalid).to.deep.include({
      type: 'submit_rejected',
      errorCode: 'invalid_destination',
      retryable: false,
      carrierStatus: '0x0000000B',
      acceptedCarrierMessageIds: [],
    });
    expect(invalid.message).to.match(/ESME_RINVDSTADR/);
    const throttled = (await f.gateway.submit(submission('Hi', '+254700000002')))._unsafeUnwrapErr();
    expect(throttled).to.include({ errorCode: 'throttled', retryable: true, carrierStatus: '0x00000058' });
  });

  it('reports a part refused after others were taken, with the ids of the taken parts', async () => {
    f = await smppFixture({ refuse: (pdu) => ((pdu['short_message'] as Decoded).udh?.[0]?.[4] === 2 ? COMMAND_STATUS.ESME_RMSGQFUL : undefined) });
    await f.gateway.start();
    const rejection = (await f.gateway.submit(submission('Habari '.repeat(60))))._unsafeUnwrapErr();
    expect(rejection).to.deep.include({ errorCode: 'carrier_queue_full', retryable: true });
    expect(rejection.acceptedCarrierMessageIds).to.have.length(f.smsc.submits.length - 1);
    expect(rejection.message).to.match(/part 2 of/);
  });

  it('answers network_timeout (retryable) when the SMSC does not answer in time', async () => {
    f = await smppFixture({ silent: true }, { responseTimeoutMs: 100 });
    await f.gateway.start();
    const rejection = (await f.gateway.submit(submission('Hi')))._unsafeUnwrapErr();
    expect(rejection).to.include({ errorCode: 'network_timeout', retryable: true, carrierStatus: null });
  });

  it('answers insufficient_route_capacity when too many parts already wait for the window', async () => {
    f = await smppFixture({ responseDelayMs: 200 }, { windowSize: 1, maxWaiting: 1 });
    await f.gateway.start();
    const results = await Promise.all(['+254700000001', '+254700000002', '+254700000003'].map((to) => f!.gateway.submit(submission('Hi', to))));
    expect(results.map((r) => (r.isOk() ? 'ok' : r.error.errorCode))).to.deep.equal(['ok', 'ok', 'insufficient_route_capacity']);
    expect(results[2]!._unsafeUnwrapErr().retryable).to.equal(true);
  });
});
