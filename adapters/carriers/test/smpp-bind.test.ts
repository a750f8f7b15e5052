import { expect } from 'chai';
import { RecordingDeliveryReceiptSink } from '@tuma/messaging/testing';
import { SmppBindError, SmppCarrierGateway } from '../src/index.ts';
import { FakeSmsc } from './support/fake-smsc.ts';
import { eventually, smppFixture, type SmppFixture } from './support/smpp-fixture.ts';

describe('SmppCarrierGateway: bind and keep-alive', () => {
  let f: SmppFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('binds as a transceiver with its system_id and password', async () => {
    f = await smppFixture();
    await f.gateway.start();
    expect(f.gateway.isBound).to.equal(true);
    expect(f.smsc.binds).to.deep.equal([{ systemId: 'tuma', password: 'secret', accepted: true }]);
    expect(f.events.map((e) => e.type)).to.deep.equal(['connecting', 'bound']);
  });

  it('a refused first bind rejects start() with SmppBindError and is not retried', async () => {
    f = await smppFixture({}, { password: 'wrong' });
    let failure: unknown;
    await f.gateway.start().catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(SmppBindError);
    expect((failure as SmppBindError).commandStatus).to.equal(0x0e);
    expect(f.gateway.isBound).to.equal(false);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(f.smsc.binds).to.deep.equal([{ systemId: 'tuma', password: 'wrong', accepted: false }]);
    expect(f.events.map((e) => e.type)).to.include('bind_refused').and.not.include('reconnect_scheduled');
    const result = await f.gateway.submit({ messageId: 'm', from: 'TUMA', to: '+254712345678', text: 'x', encoding: 'GSM7', parts: ['x'], routeCode: 'SVC_KE' });
    expect(result._unsafeUnwrapErr()).to.include({ errorCode: 'carrier_unavailable', retryable: true });
  });

  it('keeps the connection alive with enquire_link every interval', async () => {
    f = await smppFixture({}, { enquireLinkIntervalMs: 40 });
    await f.gateway.start();
    await eventually(() => f!.smsc.enquireLinks >= 3, 2_000, 'three enquire_link');
    expect(f.gateway.isBound).to.equal(true);
  });

  it('answers the SMSC enquire_link', async () => {
    f = await smppFixture();
    await f.gateway.start();
    const answer = await f.smsc.enquireLink();
    expect(answer).to.include({ command: 'enquire_link_resp', command_status: 0 });
  });

  it('drops a connection whose enquire_link goes unanswered, and binds again', async () => {
    f = await smppFixture({ answerEnquireLink: false }, { enquireLinkIntervalMs: 40, enquireLinkTimeoutMs: 60 });
    await f.gateway.start();
    await eventually(() => f!.smsc.binds.length >= 2, 3_000, 'a second bind');
    expect(f.events.map((e) => e.type)).to.include.members(['keepalive_timeout', 'disconnected', 'reconnect_scheduled']);
  });

  it('start() keeps trying while the SMSC is down, and binds once it is up', async () => {
    const probe = await FakeSmsc.start();
    const port = probe.port;
    await probe.stop();
    const sink = new RecordingDeliveryReceiptSink();
    const gateway = new SmppCarrierGateway({
      name: 'smpp:late',
      host: '127.0.0.1',
      port,
      systemId: 'tuma',
      password: 'secret',
      sink,
      reconnect: { initialDelayMs: 20, maxDelayMs: 50 },
    });
    const started = gateway.start();
    await new Promise((resolve) => setTimeout(resolve, 150));
    const smsc = await FakeSmsc.start({}, port);
    try {
      await started;
      expect(gateway.isBound).to.equal(true);
      expect(smsc.binds).to.have.length(1);
    } finally {
      await gateway.stop();
      await smsc.stop();
    }
  });

  it('stop() unbinds, closes and stops reconnecting', async () => {
    f = await smppFixture();
    await f.gateway.start();
    await f.gateway.stop();
    await eventually(() => f!.smsc.sessionCount === 0, 2_000, 'the session to close');
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(f.smsc.unbinds).to.equal(1);
    expect(f.smsc.binds).to.have.length(1);
    expect(f.gateway.isBound).to.equal(false);
  });
});
