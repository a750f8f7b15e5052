/** A message of the service's own (not a customer's email): the account service's mail, by its relay or outbox. */
export interface ServiceMessage {
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
}

/** Sends the service's own mail (confirmation links): the server gives it the account service's Mailer. */
export interface ServiceMailer {
  send(message: ServiceMessage): Promise<void>;
}
