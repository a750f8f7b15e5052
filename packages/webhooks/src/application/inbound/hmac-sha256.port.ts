/** HMAC-SHA256, synchronously (node:crypto in the adapter): the primitive of signed inbound webhooks. */
export interface HmacSha256 {
  /** The lower-case hex HMAC-SHA256 of `message` (UTF-8) keyed with `secret`. */
  hex(secret: string, message: string): string;
}
