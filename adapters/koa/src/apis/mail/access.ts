/**
 * Who may call the mail API's routes (docs/mail.md, "API keys"): a mail key with the permission, or
 * the dashboard's access token of a signed-in member (any role reads; viewers change nothing).
 */
const WRITERS = ['owner', 'admin', 'developer'] as const;

export const MAIL_READ = { anyScope: ['read', 'manage'], session: true } as const;
export const MAIL_MANAGE = { anyScope: ['manage'], session: true, roles: WRITERS } as const;
export const MAIL_SEND = { anyScope: ['send'], session: true, roles: WRITERS } as const;
/** Sending takes an Idempotency-Key, which is per key: keys only (the dashboard sends with one). */
export const MAIL_SEND_BY_KEY = { anyScope: ['send'] } as const;
