import type { MessageEnvironment } from '../../domain/messages/outbound-message.ts';
import type { CarrierGateway } from '../delivery/carrier-gateway.port.ts';

/**
 * Which gateway carries a message: live messages go to the carrier connection (the simulator in
 * the embedded setup, SMPP when configured); test-key messages always go to the sandbox simulator.
 */
export interface GatewaySelector {
  gatewayFor(environment: MessageEnvironment, routeCode: string): CarrierGateway;
}

export class EnvironmentGateways implements GatewaySelector {
  constructor(
    readonly live: CarrierGateway,
    readonly sandbox: CarrierGateway,
  ) {}

  gatewayFor(environment: MessageEnvironment): CarrierGateway {
    return environment === 'live' ? this.live : this.sandbox;
  }
}
