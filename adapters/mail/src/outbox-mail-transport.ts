import type { Clock } from '@tuma/kernel';
import type { MailOutbox, MailOutcomes, MailTransport, OutcomeEvent, OutgoingMail, RelayedMail, TransportResult } from '@tuma/mail';
import { simulatedDelivery } from './magic-recipients.ts';
import { MessageBuilder } from './message-builder.ts';

/** Runs `task` after `delayMs` (tests pass one they move by hand). */
export type OutcomeScheduler = (task: () => Promise<void>, delayMs: number) => void;

/** Real timers, unref'd: outcomes still to come do not keep a process alive. */
const timers: OutcomeScheduler = (task, delayMs) => setTimeout(task, delayMs).unref();

export interface OutboxMailTransportOptions {
  readonly outbox: MailOutbox;
  readonly outcomes: MailOutcomes;
  readonly clock: Clock;
  /** An outcome that could not be recorded (the process's log). */
  readonly onError: (error: unknown) => void;
  readonly schedule?: OutcomeScheduler;
  /** Between one outcome of a recipient and its next (`sent`, then `delivered`...). */
  readonly stepMs?: number;
}

/**
 * `MAIL_TRANSPORT=outbox`, the embedded default: builds and signs each message as a relay would
 * receive it, keeps it in the outbox instead of sending it, and reports what the magic recipients
 * say (everyone else: sent, then delivered). Outcomes come after `send` answers, as a real
 * delivery's do, so the email is stored before its first event.
 */
export class OutboxMailTransport implements MailTransport {
  private readonly builder = new MessageBuilder();
  private readonly recording = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly options: OutboxMailTransportOptions) {}

  async send(mail: OutgoingMail): Promise<TransportResult> {
    const recipients = [...mail.to, ...mail.cc, ...mail.bcc].map((a) => a.address.toLowerCase());
    const deliveries = recipients.map((recipient) => ({ recipient, delivery: simulatedDelivery(recipient) }));
    if (deliveries.some((d) => d.delivery.kind === 'refuse' && d.delivery.permanence === 'temporary')) {
      return { kind: 'refused', permanence: 'temporary', reason: '451 4.3.0 Try again later (simulated)' };
    }
    const refused = deliveries.filter((d) => d.delivery.kind === 'refuse').map((d) => d.recipient);
    if (refused.length === recipients.length) return { kind: 'refused', permanence: 'permanent', reason: '550 5.1.1 Recipients refused (simulated)' };
    const built = await this.builder.outgoing(mail);
    const { outbox, clock } = this.options;
    await outbox.add({ emailId: mail.id, messageId: built.messageId, from: mail.from, recipients, subject: mail.subject, returnPath: mail.returnPath, raw: built.raw.toString('utf8'), createdAt: clock.now() });
    for (const { recipient, delivery } of deliveries) if (delivery.kind === 'outcomes') this.report(mail.id, recipient, delivery.events, delivery.reason);
    return { kind: 'accepted', messageId: built.messageId, refusedRecipients: refused };
  }

  /**
   * A relayed message (a forward) is kept as it would have left, signed; its recipient's magic local
   * part is answered as `send` answers it (`refuse`, `defer`). No outcomes follow: a forward's log
   * ends with what the next hop said.
   */
  async relay(mail: RelayedMail): Promise<TransportResult> {
    const recipient = mail.to.toLowerCase();
    const delivery = simulatedDelivery(recipient);
    if (delivery.kind === 'refuse') {
      return delivery.permanence === 'temporary' ? { kind: 'refused', permanence: 'temporary', reason: '451 4.3.0 Try again later (simulated)' } : { kind: 'refused', permanence: 'permanent', reason: '550 5.1.1 Recipient refused (simulated)' };
    }
    const built = await this.builder.relayed(mail);
    const { outbox, clock } = this.options;
    const from = { address: mail.from ?? mail.envelopeFrom };
    await outbox.add({ emailId: mail.id, messageId: `<${mail.id}@relayed>`, from, recipients: [recipient], subject: mail.subject ?? '', returnPath: mail.envelopeFrom, raw: built.raw.toString('utf8'), createdAt: clock.now() });
    return { kind: 'accepted', messageId: built.messageId, refusedRecipients: [] };
  }

  /**
   * At the process's stop, before its database closes: the outcomes being recorded finish, and those
   * still to come are not recorded (the email keeps the events it had, as when a relay's later
   * notice never arrives).
   */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.recording]);
  }

  private report(emailId: string, recipient: string, events: readonly OutcomeEvent[], reason: string | null): void {
    const { outcomes, clock, onError, schedule = timers, stepMs = 50 } = this.options;
    events.forEach((event, step) => {
      const failure = event === 'bounced' || event === 'failed' ? reason : null;
      schedule(() => {
        if (this.closed) return Promise.resolve();
        const recorded = outcomes.record({ emailId, recipient, event, at: clock.now(), reason: failure }).catch(onError);
        this.recording.add(recorded);
        return recorded.finally(() => this.recording.delete(recorded));
      }, (step + 1) * stepMs);
    });
  }
}
