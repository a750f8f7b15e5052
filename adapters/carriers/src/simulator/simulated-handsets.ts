/**
 * The handset inboxes of both environments' simulators read as one: test keys' messages (the
 * sandbox simulator) and live messages when the live gateway is a simulator too (not SMPP or an
 * embedder's carrier, whose messages leave the process). docs/carriers.md, "Handset inbox".
 */
import type { EnvironmentGateways, MessageEnvironment } from '@tuma/messaging';
import type { HandsetMessage, HandsetQuery } from './handset-inbox.ts';
import { SimulatorCarrierGateway } from './simulator-carrier-gateway.ts';

export interface EnvironmentHandsetMessage extends HandsetMessage {
  readonly environment: MessageEnvironment;
}

export class SimulatedHandsets {
  private readonly simulators: readonly { readonly environment: MessageEnvironment; readonly gateway: SimulatorCarrierGateway }[];

  constructor(gateways: EnvironmentGateways) {
    this.simulators = [
      { environment: 'live' as const, gateway: gateways.live },
      { environment: 'test' as const, gateway: gateways.sandbox },
    ].flatMap(({ environment, gateway }) => (gateway instanceof SimulatorCarrierGateway ? [{ environment, gateway }] : []));
  }

  /** Newest first across the simulators, at most `limit`. */
  received(query: HandsetQuery): EnvironmentHandsetMessage[] {
    return this.simulators
      .flatMap(({ environment, gateway }) => gateway.inbox.received(query).map((message) => ({ ...message, environment })))
      .sort((a, b) => b.receivedAt.getTime() - a.receivedAt.getTime())
      .slice(0, query.limit);
  }
}
