/**
 * One SMPP transceiver bind kept alive: connects, binds, sends enquire_link every interval (and
 * drops a connection that does not answer), answers the SMSC's enquire_link and unbind, and
 * reconnects with exponential backoff whenever the connection closes.
 *
 * A bind refused on the very first attempt is a configuration error (wrong system_id or password):
 * `start()` rejects with SmppBindError and nothing is retried. Once a bind has succeeded, later
 * refusals are treated like any other outage and retried.
 */
import smpp from 'smpp';
import { formatCommandStatus } from './command-status.ts';
import type { SmppGatewayEvent } from './smpp-events.ts';
import { reconnectDelayMs, type ResolvedSmppOptions } from './smpp-options.ts';

/** SMPP 3.4, in bind_transceiver's interface_version. */
const INTERFACE_VERSION_3_4 = 0x34;
const UNBIND_TIMEOUT_MS = 1_000;

export type RequestOutcome =
  | { readonly kind: 'response'; readonly pdu: smpp.PDU }
  /** No bound connection: the request never left. */
  | { readonly kind: 'not_sent' }
  /** Sent, and no answer in time. */
  | { readonly kind: 'timeout' }
  /** Sent, and the connection closed before the answer. */
  | { readonly kind: 'disconnected' };

export interface SmppConnectionHandlers {
  /** A deliver_sm arrived; `respond` sends its deliver_sm_resp with that command_status. */
  onDeliverSm(pdu: smpp.PDU, respond: (commandStatus: number) => void): void;
  onEvent(event: SmppGatewayEvent): void;
}

export class SmppBindError extends Error {
  constructor(readonly commandStatus: number) {
    super(`The SMSC refused the bind: command_status ${formatCommandStatus(commandStatus)}`);
    this.name = 'SmppBindError';
  }
}

export class SmppConnection {
  private session: smpp.Session | undefined;
  private bound = false;
  private everBound = false;
  private stopped = false;
  private failures = 0;
  private connects = 0;
  private lastError: string | null = null;
  private keepalive: NodeJS.Timeout | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private started: Promise<void> | undefined;
  private settleStart: { resolve: () => void; reject: (error: Error) => void } | undefined;
  private readonly boundWaiters = new Set<() => void>();
  private readonly inFlight = new Set<(outcome: RequestOutcome) => void>();

  constructor(
    private readonly options: ResolvedSmppOptions,
    private readonly handlers: SmppConnectionHandlers,
  ) {}

  get isBound(): boolean {
    return this.bound;
  }

  /** Connects; resolves at the first successful bind, rejects if that bind is refused or on stop(). */
  start(): Promise<void> {
    if (!this.started) {
      this.started = new Promise((resolve, reject) => (this.settleStart = { resolve, reject }));
      // Callers that do not await start() learn about a refused bind from onEvent instead.
      this.started.catch(() => undefined);
      this.open();
    }
    return this.started;
  }

  /** True as soon as the connection is bound; false after `timeoutMs` or once stopped. */
  whenBound(timeoutMs: number): Promise<boolean> {
    if (this.bound) return Promise.resolve(true);
    if (this.stopped) return Promise.resolve(false);
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.boundWaiters.delete(done);
        resolve(this.bound);
      };
      const timer = setTimeout(done, timeoutMs);
      this.boundWaiters.add(done);
    });
  }

  /** Sends a request on the bound connection and waits up to `timeoutMs` for its response. */
  request(command: string, fields: smpp.PduFields, timeoutMs: number): Promise<RequestOutcome> {
    const session = this.session;
    if (!this.bound || !session) return Promise.resolve({ kind: 'not_sent' });
    return new Promise((resolve) => {
      let finished = false;
      const finish = (outcome: RequestOutcome): void => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        this.inFlight.delete(finish);
        resolve(outcome);
      };
      const timer = setTimeout(() => finish({ kind: 'timeout' }), timeoutMs);
      this.inFlight.add(finish);
      if (!session.send(new smpp.PDU(command, { ...fields }), (pdu) => finish({ kind: 'response', pdu }))) finish({ kind: 'not_sent' });
    });
  }

  /** Unbinds politely when bound, closes, and stops reconnecting; requests in flight end `disconnected`. */
  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    clearTimeout(this.reconnectTimer);
    clearInterval(this.keepalive);
    this.settleStart?.reject(new Error(`SMPP connection ${this.options.name} stopped before it was bound`));
    this.notifyBoundWaiters();
    const session = this.session;
    if (!session) return;
    const closed = new Promise<void>((resolve) => session.once('close', () => resolve()));
    if (this.bound) await this.request('unbind', {}, UNBIND_TIMEOUT_MS);
    session.destroy();
    await closed;
  }

  private open(): void {
    this.connects++;
    this.handlers.onEvent({ type: 'connecting', attempt: this.connects });
    const session = smpp.connect({ host: this.options.host, port: this.options.port });
    this.session = session;
    // Small request/response PDUs: Nagle's algorithm would hold each one back waiting for an ACK.
    session.socket.setNoDelay(true);
    session.on('connect', () => this.bind(session));
    session.on('error', (error: Error) => (this.lastError = error.message));
    session.on('close', () => this.onClose(session));
    session.on('enquire_link', (pdu: smpp.PDU) => session.send(pdu.response()));
    session.on('unbind', (pdu: smpp.PDU) => {
      session.send(pdu.response());
      session.close();
    });
    session.on('deliver_sm', (pdu: smpp.PDU) =>
      this.handlers.onDeliverSm(pdu, (commandStatus) => session.send(pdu.response({ command_status: commandStatus }))),
    );
  }

  private bind(session: smpp.Session): void {
    const timer = setTimeout(() => {
      this.lastError = `no bind_transceiver_resp within ${this.options.bindTimeoutMs} ms`;
      session.destroy();
    }, this.options.bindTimeoutMs);
    const credentials = {
      system_id: this.options.systemId,
      password: this.options.password,
      system_type: this.options.systemType,
      interface_version: INTERFACE_VERSION_3_4,
    };
    session.bind_transceiver(credentials, (pdu) => {
      clearTimeout(timer);
      if (session !== this.session) return;
      if (pdu.command_status === 0) return this.onBound(session);
      this.handlers.onEvent({ type: 'bind_refused', commandStatus: formatCommandStatus(pdu.command_status) });
      this.lastError = `bind refused with ${formatCommandStatus(pdu.command_status)}`;
      if (!this.everBound) {
        this.stopped = true;
        this.settleStart?.reject(new SmppBindError(pdu.command_status));
        this.notifyBoundWaiters();
      }
      session.destroy();
    });
  }

  private onBound(session: smpp.Session): void {
    this.bound = true;
    this.everBound = true;
    this.failures = 0;
    this.handlers.onEvent({ type: 'bound' });
    this.keepalive = setInterval(() => void this.checkAlive(session), this.options.enquireLinkIntervalMs);
    this.settleStart?.resolve();
    this.notifyBoundWaiters();
  }

  private async checkAlive(session: smpp.Session): Promise<void> {
    const outcome = await this.request('enquire_link', {}, this.options.enquireLinkTimeoutMs);
    if (outcome.kind !== 'timeout' || session !== this.session) return;
    this.handlers.onEvent({ type: 'keepalive_timeout' });
    this.lastError = 'no enquire_link_resp';
    session.destroy();
  }

  private onClose(session: smpp.Session): void {
    if (session !== this.session) return;
    const wasBound = this.bound;
    this.session = undefined;
    this.bound = false;
    clearInterval(this.keepalive);
    for (const finish of [...this.inFlight]) finish({ kind: 'disconnected' });
    this.handlers.onEvent({ type: 'disconnected', error: this.lastError });
    this.lastError = null;
    if (this.stopped) return;
    this.failures = wasBound ? 1 : this.failures + 1;
    const delayMs = reconnectDelayMs(this.failures, this.options.reconnect);
    this.handlers.onEvent({ type: 'reconnect_scheduled', attempt: this.connects + 1, delayMs });
    this.reconnectTimer = setTimeout(() => this.open(), delayMs);
  }

  private notifyBoundWaiters(): void {
    for (const waiter of [...this.boundWaiters]) waiter();
  }
}
