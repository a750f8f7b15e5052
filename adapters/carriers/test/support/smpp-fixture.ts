/** A gateway bound to a FakeSmsc, with short timeouts, its sink and the events it reported. */
import { segmentMessage, type CarrierSubmission } from '@tuma/messaging';
import { RecordingDeliveryReceiptSink } from '@tuma/messaging/testing';
import { SmppCarrierGateway, type SmppGatewayEvent, type SmppGatewayOptions } from '../../src/index.ts';
import { FakeSmsc, type FakeSmscOptions } from './fake-smsc.ts';

export interface SmppFixture {
  readonly smsc: FakeSmsc;
  readonly gateway: SmppCarrierGateway;
  readonly sink: RecordingDeliveryReceiptSink;
  readonly events: SmppGatewayEvent[];
  close(): Promise<void>;
}

export async function smppFixture(smscOptions: FakeSmscOptions = {}, gatewayOptions: Partial<SmppGatewayOptions> = {}): Promise<SmppFixture> {
  const smsc = await FakeSmsc.start(smscOptions);
  const sink = new RecordingDeliveryReceiptSink();
  const events: SmppGatewayEvent[] = [];
  const gateway = new SmppCarrierGateway({
    name: 'smpp:test',
    host: '127.0.0.1',
    port: smsc.port,
    systemId: 'tuma',
    password: 'secret',
    sink,
    throughputPerSecond: 0,
    responseTimeoutMs: 2_000,
    bindWaitMs: 2_000,
    reconnect: { initialDelayMs: 20, maxDelayMs: 200 },
    onEvent: (event) => events.push(event),
    ...gatewayOptions,
  });
  return {
    smsc,
    gateway,
    sink,
    events,
    close: async () => {
      await gateway.stop();
      await smsc.stop();
    },
  };
}

export function submission(text: string, to = '+254712345678', messageId = 'msg_1'): CarrierSubmission {
  const { parts, encoding } = segmentMessage(text);
  return { messageId, from: 'TUMA', to, text, encoding, parts, routeCode: 'SVC_KE' };
}

/** Polls until `condition` holds; throws after `timeoutMs`. */
export async function eventually(condition: () => boolean, timeoutMs = 3_000, what = 'condition'): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
