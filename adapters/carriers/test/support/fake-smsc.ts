/**
 * An SMSC for tests, on the same `smpp` package: checks bind credentials, answers submit_sm
 * (optionally late, or refused), sends delivery receipts (offered again until taken, if asked), and
 * records everything it saw.
 */
import smpp from 'smpp';
import type { AddressInfo } from 'node:net';

export interface ReceivedSubmit {
  readonly pdu: smpp.PDU;
  readonly messageId: string;
  /** performance.now() when it arrived. */
  readonly at: number;
}

export interface ReceiptPlan {
  readonly stat: string;
  readonly err?: string;
  readonly delayMs?: number;
}

export interface FakeSmscOptions {
  readonly systemId?: string;
  readonly password?: string;
  /** A non-zero command_status refuses the submit_sm. */
  readonly refuse?: (pdu: smpp.PDU) => number | undefined;
  /** Answer each submit_sm this late. */
  readonly responseDelayMs?: number;
  /** Never answer submit_sm. */
  readonly silent?: boolean;
  /** Send a receipt text for each accepted submit_sm. */
  readonly receipt?: (submit: ReceivedSubmit) => ReceiptPlan | undefined;
  readonly answerEnquireLink?: boolean;
  /**
   * Offer a receipt again this long after the client refused it (a non-zero deliver_sm_resp), left
   * it unanswered for 2 s, or while no client is bound, as an SMSC keeps a receipt until it is
   * taken; at most `receiptAttempts` offers to a client (default 20). While none is bound (a killed
   * worker's replacement still starting) the receipt waits without using an offer, as an SMSC
   * stores receipts for an absent ESME. Without it, each receipt is offered once.
   */
  readonly redeliverReceiptsMs?: number;
  readonly receiptAttempts?: number;
}

export function receiptText(id: string, stat: string, err = '000'): string {
  return `id:${id} sub:001 dlvrd:${stat === 'DELIVRD' ? '001' : '000'} submit date:2611201005 done date:2611201006 stat:${stat} err:${err} text:Habari`;
}

export class FakeSmsc {
  readonly submits: ReceivedSubmit[] = [];
  readonly binds: { readonly systemId: string; readonly password: string; readonly accepted: boolean }[] = [];
  readonly deliverResponses: smpp.PDU[] = [];
  enquireLinks = 0;
  unbinds = 0;
  maxOutstanding = 0;
  private outstanding = 0;
  private sequence = 0;
  private bound: smpp.Session | undefined;
  private readonly timers = new Set<NodeJS.Timeout>();

  private constructor(
    private readonly server: smpp.Server,
    private readonly options: FakeSmscOptions,
  ) {}

  static async start(options: FakeSmscOptions = {}, port = 0): Promise<FakeSmsc> {
    let smsc: FakeSmsc | undefined;
    const server = smpp.createServer((session) => smsc!.accept(session));
    smsc = new FakeSmsc(server, options);
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
    return smsc;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  get sessionCount(): number {
    return this.server.sessions.length;
  }

  /** The submit_sm that reached this SMSC for each destination address, in order. */
  submitsByDestination(): Map<string, ReceivedSubmit[]> {
    const byDestination = new Map<string, ReceivedSubmit[]>();
    for (const submit of this.submits) {
      const to = String(submit.pdu['destination_addr']);
      byDestination.set(to, [...(byDestination.get(to) ?? []), submit]);
    }
    return byDestination;
  }

  /** Sends a deliver_sm on the bound session; resolves with the deliver_sm_resp. */
  deliver(fields: smpp.PduFields): Promise<smpp.PDU> {
    const session = this.requireBound();
    return new Promise((resolve) => session.deliver_sm({ esm_class: 0x04, ...fields }, resolve));
  }

  /** Sends an enquire_link to the client; resolves with its answer. */
  enquireLink(): Promise<smpp.PDU> {
    const session = this.requireBound();
    return new Promise((resolve) => session.enquire_link({}, resolve));
  }

  /** Drops every connection, as a crashing SMSC or a broken network would. */
  dropConnections(): void {
    this.bound = undefined;
    for (const session of [...this.server.sessions]) session.destroy();
  }

  async stop(): Promise<void> {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.dropConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private requireBound(): smpp.Session {
    if (!this.bound) throw new Error('No bound session');
    return this.bound;
  }

  private accept(session: smpp.Session): void {
    const { systemId = 'tuma', password = 'secret' } = this.options;
    session.socket.setNoDelay(true);
    session.on('error', () => undefined);
    session.on('bind_transceiver', (pdu: smpp.PDU) => {
      const accepted = pdu['system_id'] === systemId && pdu['password'] === password;
      this.binds.push({ systemId: String(pdu['system_id']), password: String(pdu['password']), accepted });
      session.send(pdu.response(accepted ? { system_id: 'FAKESMSC' } : { command_status: 0x0e }));
      if (accepted) this.bound = session;
      else session.close();
    });
    session.on('close', () => {
      if (this.bound === session) this.bound = undefined;
    });
    session.on('enquire_link', (pdu: smpp.PDU) => {
      this.enquireLinks++;
      if (this.options.answerEnquireLink !== false) session.send(pdu.response());
    });
    session.on('unbind', (pdu: smpp.PDU) => {
      this.unbinds++;
      session.send(pdu.response());
      session.close();
    });
    session.on('deliver_sm_resp', (pdu: smpp.PDU) => this.deliverResponses.push(pdu));
    session.on('submit_sm', (pdu: smpp.PDU) => this.onSubmit(session, pdu));
  }

  private onSubmit(session: smpp.Session, pdu: smpp.PDU): void {
    const submit = { pdu, messageId: `SMSC${(++this.sequence).toString(16).toUpperCase().padStart(6, '0')}`, at: performance.now() };
    this.submits.push(submit);
    this.outstanding++;
    this.maxOutstanding = Math.max(this.maxOutstanding, this.outstanding);
    if (this.options.silent) return;
    const answer = (): void => {
      this.outstanding--;
      const status = this.options.refuse?.(pdu) ?? 0;
      session.send(pdu.response(status === 0 ? { message_id: submit.messageId } : { command_status: status }));
      const plan = status === 0 ? this.options.receipt?.(submit) : undefined;
      if (plan) this.later(plan.delayMs ?? 0, () => this.offerReceipt(receiptText(submit.messageId, plan.stat, plan.err), 1));
    };
    if (this.options.responseDelayMs) setTimeout(answer, this.options.responseDelayMs);
    else answer();
  }

  private offerReceipt(text: string, attempt: number): void {
    const again = this.options.redeliverReceiptsMs;
    const offerAgain = () => {
      if (again !== undefined && attempt < (this.options.receiptAttempts ?? 20)) this.later(again, () => this.offerReceipt(text, attempt + 1));
    };
    const session = this.bound;
    if (!session) {
      if (again !== undefined) this.later(again, () => this.offerReceipt(text, attempt));
      return;
    }
    let answered = false;
    session.deliver_sm({ esm_class: 0x04, short_message: text }, (response: smpp.PDU) => {
      answered = true;
      if (response.command_status !== 0) offerAgain();
    });
    if (again !== undefined) this.later(2_000, () => answered || offerAgain());
  }

  private later(ms: number, work: () => void): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      work();
    }, ms);
    this.timers.add(timer);
  }
}
