import { expect } from 'chai';
import { reconnectDelayMs } from '../src/index.ts';
import { eventually, smppFixture, submission, type SmppFixture } from './support/smpp-fixture.ts';

describe('SmppCarrierGateway: reconnecting', () => {
  let f: SmppFixture | undefined;
  afterEach(async () => {
    await f?.close();
    f = undefined;
  });

  it('backs off exponentially up to the cap', () => {
    const backoff = { initialDelayMs: 1_000, maxDelayMs: 60_000, factor: 2 };
    expect([1, 2, 3, 4, 7, 8, 20].map((n) => reconnectDelayMs(n, backoff))).to.deep.equal([1_000, 2_000, 4_000, 8_000, 60_000, 60_000, 60_000]);
  });

  it('binds again after the SMSC drops the connection, and goes on submitting', async () => {
    f = await smppFixture();
    await f.gateway.start();
    expect((await f.gateway.submit(submission('one'))).isOk()).to.equal(true);

    f.smsc.dropConnections();
    await eventually(() => !f!.gateway.isBound, 2_000, 'the drop to be noticed');
    // Submitted while reconnecting: waits for the new bind instead of failing.
    const during = await f.gateway.submit(submission('two'));
    expect(during.isOk()).to.equal(true);
    expect(f.smsc.binds).to.have.length(2);
    expect(f.events.map((e) => e.type)).to.deep.equal(['connecting', 'bound', 'disconnected', 'reconnect_scheduled', 'connecting', 'bound']);
    expect(f.smsc.submits.map(({ pdu }) => (pdu['short_message'] as { message: string }).message)).to.deep.equal(['one', 'two']);
  });

  it('answers network_timeout for a part in flight when the connection drops', async () => {
    f = await smppFixture({ silent: true });
    await f.gateway.start();
    const pending = f.gateway.submit(submission('lost?'));
    await eventually(() => f!.smsc.submits.length === 1, 2_000, 'the submit_sm to arrive');
    f.smsc.dropConnections();
    const rejection = (await pending)._unsafeUnwrapErr();
    expect(rejection).to.include({ errorCode: 'network_timeout', retryable: true });
    expect(rejection.message).to.match(/closed before the submit_sm_resp/);
  });

  it('answers carrier_unavailable when no bind comes within bindWaitMs', async () => {
    f = await smppFixture({}, { bindWaitMs: 150 });
    await f.gateway.start();
    await f.smsc.stop();
    await eventually(() => !f!.gateway.isBound, 2_000, 'the drop to be noticed');
    const started = Date.now();
    const rejection = (await f.gateway.submit(submission('Hi')))._unsafeUnwrapErr();
    expect(rejection).to.include({ errorCode: 'carrier_unavailable', retryable: true, carrierStatus: null });
    expect(Date.now() - started).to.be.within(140, 1_000);
    const retries = f.events.filter((e) => e.type === 'reconnect_scheduled').map((e) => (e.type === 'reconnect_scheduled' ? e.delayMs : 0));
    expect(retries.slice(0, 3)).to.deep.equal([20, 40, 80]);
  });
});
