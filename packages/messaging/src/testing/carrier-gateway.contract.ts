/** The contract suite every CarrierGateway must pass, given a carrier that delivers everything. */
import { expect } from 'chai';
import type { CarrierGateway, CarrierSubmission } from '../application/delivery/carrier-gateway.port.ts';
import type { RecordingDeliveryReceiptSink } from './recording-delivery-receipt-sink.ts';
import type { DeliveryReceipt } from '../domain/delivery/delivery-receipt.ts';
import { applyDeliveryEvents } from '../domain/delivery/delivery-transitions.ts';
import { queuedDelivery } from '../domain/delivery/delivery-state.ts';
import { segmentMessage } from '../domain/segmenting/segmenter.ts';

export interface CarrierGatewayFixture {
  /** Started, and connected to a carrier that accepts and delivers every message. */
  readonly gateway: CarrierGateway;
  /** The sink the gateway hands its receipts to. */
  readonly sink: RecordingDeliveryReceiptSink;
  /** Resolves once `count` receipts in all have reached the sink (moving fake time if need be). */
  readonly receipts: (count: number) => Promise<readonly DeliveryReceipt[]>;
  readonly close: () => Promise<void>;
}

function submission(text: string, to: string, messageId: string): CarrierSubmission {
  const { parts, encoding } = segmentMessage(text);
  return { messageId, from: 'TUMA', to, text, encoding, parts, routeCode: 'SVC_KE' };
}

export function describeCarrierGatewayContract(name: string, make: () => Promise<CarrierGatewayFixture>): void {
  describe(`CarrierGateway contract: ${name}`, () => {
    let f: CarrierGatewayFixture;
    beforeEach(async () => {
      f = await make();
    });
    afterEach(async () => {
      await f.close();
    });

    it('accepts a one-part message with one carrier id, and a receipt for that id follows', async () => {
      const accepted = (await f.gateway.submit(submission('Habari yako?', '+254712345678', 'msg_c1')))._unsafeUnwrap();
      expect(accepted.carrierMessageIds).to.have.length(1);
      expect(accepted.carrierMessageIds[0]).to.be.a('string').and.not.equal('');
      const [receipt] = await f.receipts(1);
      expect(receipt).to.deep.include({ carrier: f.gateway.name, carrierMessageId: accepted.carrierMessageIds[0], state: 'delivered', errorCode: null });
      expect(receipt!.receivedAt).to.be.instanceOf(Date);
    });

    it('accepts a multipart message with one distinct id per part; its receipts deliver it', async () => {
      const text = 'Asante kwa kuchagua Tuma. Karibu tena! '.repeat(8);
      const parts = segmentMessage(text).parts.length;
      const { carrierMessageIds } = (await f.gateway.submit(submission(text, '+254712345678', 'msg_c2')))._unsafeUnwrap();
      expect(carrierMessageIds).to.have.length(parts);
      expect(new Set(carrierMessageIds).size).to.equal(parts);
      const receipts = await f.receipts(parts);
      expect(receipts.map((r) => r.carrierMessageId)).to.have.members([...carrierMessageIds]);
      const state = applyDeliveryEvents(queuedDelivery(), [
        { type: 'dispatched', at: new Date() },
        { type: 'carrier_accepted', carrierMessageIds, at: new Date() },
        ...receipts.map((receipt) => ({ type: 'receipt' as const, receipt })),
      ])._unsafeUnwrap();
      expect(state.status).to.equal('delivered');
    });

    it('gives different ids to different messages, UCS-2 ones included', async () => {
      const first = (await f.gateway.submit(submission('One', '+254712345678', 'msg_c3')))._unsafeUnwrap();
      const second = (await f.gateway.submit(submission('Habari 👋🏽', '+255712345678', 'msg_c4')))._unsafeUnwrap();
      expect(second.carrierMessageIds).to.have.length(1);
      expect(second.carrierMessageIds[0]).to.not.equal(first.carrierMessageIds[0]);
      await f.receipts(2);
    });

    it('throws for a submission without parts (a bug of the caller)', async () => {
      let thrown: unknown;
      await f.gateway.submit({ ...submission('x', '+254712345678', 'msg_c5'), parts: [] }).catch((error: unknown) => (thrown = error));
      expect(thrown).to.be.instanceOf(RangeError);
    });
  });
}
