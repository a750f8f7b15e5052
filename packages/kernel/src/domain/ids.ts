/**
 * Prefixed, time-ordered identifiers: `<prefix>_<ULID>`. The ULID part is 48 bits of milliseconds
 * and 80 random bits in Crockford base32, so ids sort by creation time and never collide in practice.
 */
export const ID_PREFIXES = {
  account: 'acc',
  apiKey: 'key',
  message: 'msg',
  inboundMessage: 'mo',
  batch: 'bat',
  verification: 'ver',
  verifyApp: 'vera',
  event: 'evt',
  ledgerEntry: 'txn',
  topUp: 'top',
  reservation: 'rsv',
  user: 'usr',
  session: 'ses',
  invite: 'inv',
  subscription: 'sub',
  mailDomain: 'dom',
  email: 'em',
  mailWebhook: 'mwh',
  smtpCredential: 'smtpc',
  suppression: 'sup',
  senderAddress: 'sa',
  mailForward: 'fwd',
  mailForwardAttempt: 'fwl',
  mailContactList: 'cl',
  mailContact: 'ct',
  broadcast: 'bc',
  link: 'lnk',
  qrCode: 'qr',
  campaign: 'cmp',
  brandedDomain: 'bdm',
  linkWebhook: 'lwh',
} as const;

export type IdPrefix = (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES];

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const ULID_PATTERN = /^[0-9A-HJKMNP-TV-Z]{26}$/;

function encodeTime(ms: number): string {
  let value = ms;
  let out = '';
  for (let i = 0; i < 10; i++) {
    out = CROCKFORD[value % 32] + out;
    value = Math.floor(value / 32);
  }
  return out;
}

/** Random bytes drawn from the CSPRNG in blocks: one call per 1,024 ids instead of one per id (bulk sends make 100k). */
const RANDOM_BLOCK = 16 * 1024;
let randomPool = new Uint8Array(0);
let randomOffset = 0;

function encodeRandom(): string {
  if (randomOffset + 16 > randomPool.length) {
    randomPool = globalThis.crypto.getRandomValues(new Uint8Array(RANDOM_BLOCK));
    randomOffset = 0;
  }
  let out = '';
  for (let end = randomOffset + 16; randomOffset < end; randomOffset++) out += CROCKFORD[randomPool[randomOffset]! % 32];
  return out;
}

export function newId(prefix: IdPrefix, at: Date = new Date()): string {
  return `${prefix}_${encodeTime(at.getTime())}${encodeRandom()}`;
}

export function isId(prefix: IdPrefix, value: string): boolean {
  const [head, body, ...rest] = value.split('_');
  return rest.length === 0 && head === prefix && body !== undefined && ULID_PATTERN.test(body);
}
