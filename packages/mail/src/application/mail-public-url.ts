/** The mail API's public base URL (`{mail_url}`), known once it listens: where the links in emails lead (tracking, confirmations). */
export interface MailPublicUrl {
  readonly baseUrl: () => string;
}
