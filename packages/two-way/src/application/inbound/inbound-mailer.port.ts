/** Sends the copy of an inbound message to a service's `forward_email` (the platform's Mailer: its outbox, or SMTP). */
export interface InboundMailer {
  send(mail: { readonly to: string; readonly subject: string; readonly text: string }): Promise<void>;
}
