import { createPrivateKey } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { PAYMENT_PROVIDERS } from '@tuma/billing';
import { DEFAULT_MAIL_DNS, type MailDnsSettings } from '@tuma/mail';
import { dnsServersFrom } from '@tuma/dns-adapter';
import type { ApiName } from '@tuma/koa-adapter';
import { AllowedHosts } from '@tuma/webhooks';
import { z } from 'zod';

export const ROLES = ['api', 'worker', 'all'] as const;

/** The APIs served on PORT under `/<name>` unless given a port of their own; SMS (with Verify and Two-Way) is always on PORT. */
export const MOVABLE_APIS = ['auth', 'mail', 'links'] as const satisfies readonly ApiName[];
export type MovableApi = (typeof MOVABLE_APIS)[number];

const port = z.coerce.number().int().min(0).max(65535);
/** A DNS host name written as the operator would in a zone (`_spf.example.com`): letters, digits, `-`, `_` and dots. */
/** A 32-byte server key given in base64 (WEBHOOK_SECRET_KEY, MAIL_TOKEN_KEY, MAIL_SRS_KEY). */
const key32 = z
  .string()
  .transform((value) => Buffer.from(value, 'base64'))
  .refine((key) => key.length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)');

const hostName = z.string().regex(/^[a-z0-9_](?:[a-z0-9_-]{0,62}\.)*[a-z0-9_-]{1,63}$/i, 'must be a host name').transform((name) => name.toLowerCase());
const httpUrl = z.url({ protocol: /^https?$/, error: 'must be an http(s):// URL' });

/**
 * An Ed25519 private key in PKCS#8 PEM, checked whole at start rather than at the first login.
 * Line breaks may come as `\n` (environment files often hold a PEM on one line).
 */
const ed25519Pem = z
  .string()
  .transform((value) => value.replace(/\\n/g, '\n').trim())
  .refine((pem) => {
    if (!pem.startsWith('-----BEGIN PRIVATE KEY-----')) return false;
    try {
      return createPrivateKey(pem).asymmetricKeyType === 'ed25519';
    } catch {
      // Unreadable key material is the same configuration error as a key of another type.
      return false;
    }
  }, 'must be an Ed25519 private key in PKCS#8 PEM (openssl genpkey -algorithm ed25519)');

const boolean = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1');

/** Every environment variable Tuma reads (documented in README.md). */
const schema = z.object({
  PORT: port.default(3000),
  AUTH_PORT: port.optional(),
  MAIL_PORT: port.optional(),
  LINKS_PORT: port.optional(),
  AUTH_PUBLIC_URL: httpUrl.optional(),
  MAIL_PUBLIC_URL: httpUrl.optional(),
  LINKS_PUBLIC_URL: httpUrl.optional(),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL').optional(),
  TUMA_DATA_DIR: z.string().default('./.data'),
  TUMA_ROLE: z.enum(ROLES).default('all'),
  ADMIN_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  TUMA_SEED_DEMO: boolean.optional(),
  DEFAULT_WALLET_CURRENCY: z.string().length(3).default('USD'),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(2 * 1024 * 1024),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  DATABASE_PREPARED_STATEMENTS: boolean.default(true),
  JOB_POLLING_SECONDS: z.coerce.number().min(0.5).max(60).default(2),
  JOB_HEARTBEAT_SECONDS: z.coerce.number().int().min(10).max(3600).default(30),
  JOB_SUPERVISE_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(30_000),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).optional(),
  PUBLIC_BASE_URL: httpUrl.optional(),
  HOSTED_CHECKOUT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_\w+$/, 'must be a Stripe secret key (sk_... or rk_...)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\w+$/, 'must be a webhook signing secret (whsec_...)').optional(),
  STRIPE_API_BASE: httpUrl.default('https://api.stripe.com'),
  CARRIER_GATEWAY: z.enum(['simulator', 'smpp']).default('simulator'),
  SMPP_HOST: z.string().optional(),
  SMPP_PORT: z.coerce.number().int().min(1).max(65535).default(2775),
  SMPP_SYSTEM_ID: z.string().max(16).optional(),
  SMPP_PASSWORD: z.string().max(9).optional(),
  SMPP_THROUGHPUT_PER_SECOND: z.coerce.number().int().min(0).default(50),
  SIMULATOR_LATENCY_MS: z
    .string()
    .regex(/^\d+-\d+$/, 'must be <min>-<max> milliseconds')
    .default('200-2000')
    .transform((value) => value.split('-').map(Number) as [number, number])
    .refine(([min, max]) => min <= max, 'min must not exceed max'),
  SIMULATOR_OUTCOMES: z
    .string()
    .regex(/^(delivered|failed|expired|refused)=\d+(\.\d+)?(,(delivered|failed|expired|refused)=\d+(\.\d+)?)*$/, 'must be <outcome>=<share>,... with outcomes delivered, failed, expired, refused')
    // The whole table: an outcome left out has no share (`delivered=1` delivers everything).
    .transform((value) => ({ delivered: 0, failed: 0, expired: 0, refused: 0, ...Object.fromEntries(value.split(',').map((entry) => entry.split('=')).map(([outcome, share]) => [outcome!, Number(share)])) }))
    .refine((ratios) => Object.values(ratios).some((share) => share > 0), 'must give some outcome a share above 0')
    .optional(),
  SIMULATOR_INBOX_SIZE: z.coerce.number().int().min(1).max(100_000).default(1000),
  ROUTE_THROUGHPUT_PER_SECOND: z.coerce.number().int().min(1).default(1000),
  ROUTE_THROUGHPUT: z
    .string()
    .regex(/^(SVC_[A-Z]{2}=\d+)(,SVC_[A-Z]{2}=\d+)*$/, 'must be SVC_<CC>=<per second>,...')
    .optional(),
  WEBHOOK_ALLOW_HOSTS: z
    .string()
    .transform((value, context) =>
      AllowedHosts.parse(value).match(
        (hosts) => hosts,
        (problem) => {
          context.addIssue({ code: 'custom', message: `must be comma-separated host or host:port entries (${problem})` });
          return z.NEVER;
        },
      ),
    )
    .optional(),
  WEBHOOK_SECRET_KEY: key32.optional(),
  VERIFY_PEPPER: z.string().min(32, 'must be at least 32 characters (openssl rand -base64 32)').optional(),
  VERIFY_NUMBER_STARTS_PER_HOUR: z.coerce.number().int().min(1).max(1000).default(5),
  VERIFY_COUNTRY_STARTS_PER_HOUR: z.coerce.number().int().min(1).max(10_000_000).default(1000),
  RATE_LIMIT_ENABLED: boolean.default(true),
  RATE_LIMIT_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(100),
  RATE_LIMIT_BURST: z.coerce.number().int().min(1).max(1_000_000).optional(),
  RATE_LIMIT_IP_PER_SECOND: z.coerce.number().int().min(1).max(1_000_000).default(50),
  RATE_LIMIT_IP_BURST: z.coerce.number().int().min(1).max(1_000_000).optional(),
  RATE_LIMIT_STORE: z.enum(['memory', 'postgres']).optional(),
  RATE_LIMIT_REFRESH_SECONDS: z.coerce.number().min(0.1).max(300).default(2),
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).optional(),
  /** `true`: one trusted proxy (TRUST_PROXY_HOPS=1), as most platforms spell it. */
  TRUST_PROXY: boolean.optional(),
  IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  WEBHOOK_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  MAIL_SMTP_URL: z.string().regex(/^smtps?:\/\/[^\s]+$/, 'must be an smtp:// or smtps:// URL').optional(),
  DNS_SERVERS: z
    .string()
    .regex(/^\s*(\[[0-9a-f:.]+\]|[0-9.]+)(:\d{1,5})?\s*(,\s*(\[[0-9a-f:.]+\]|[0-9.]+)(:\d{1,5})?\s*)*$/i, 'must be ip[:port],... (IPv6 as [ip]:port)')
    .optional(),
  MAIL_SPF_INCLUDE: hostName.default(DEFAULT_MAIL_DNS.spfInclude),
  MAIL_BOUNCE_MX: hostName.default(DEFAULT_MAIL_DNS.bounceMx),
  MAIL_TOKEN_KEY: key32.optional(),
  MAIL_SRS_KEY: key32.optional(),
  MAIL_SUBMISSION_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(2587),
  MAIL_INBOUND_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(2525),
  MAIL_TLS_CERT: z.string().min(1).optional(),
  MAIL_TLS_KEY: z.string().min(1).optional(),
  MAIL_ALLOW_PLAIN_AUTH: boolean.default(false),
  SHORT_BASE_URL: httpUrl.optional(),
  BLOCKED_HOSTS_FILE: z.string().min(1).optional(),
  LINKS_VISITOR_SALT: key32.optional(),
  CLICK_FLUSH_MS: z.coerce.number().int().min(10).max(60_000).default(1000),
  LINKS_TLS_PROBE: z.string().regex(/^(\[[0-9a-f:.]+\]|[A-Za-z0-9.-]+):\d{1,5}$/i, 'must be host:port (IPv6 as [ip]:port)').optional(),
  MAIL_FROM: z.string().min(3).max(254).default('Tuma <no-reply@localhost>'),
  DASHBOARD_URL: httpUrl.optional(),
  CONSOLE_COOKIE_KEY: key32.optional(),
  AUTH_JWT_PRIVATE_KEY: ed25519Pem.optional(),
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(17),
  PASSWORD_HASH_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).max(1024).default(4),
  INBOUND_SECRETS: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}=[^,\s]{32,}(,[a-z0-9][a-z0-9-]{0,31}=[^,\s]{32,})*$/, 'must be <provider>=<secret of at least 32 characters>,...')
    .transform((value) => Object.fromEntries(value.split(',').map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)])))
    .optional(),
}).superRefine((env, context) => {
  // Two listeners cannot share a port (0 asks for a free one each time).
  const taken = new Map<number, string>(env.PORT === 0 ? [] : [[env.PORT, 'PORT']]);
  for (const name of ['AUTH_PORT', 'MAIL_PORT', 'LINKS_PORT'] as const) {
    const chosen = env[name];
    if (chosen === undefined || chosen === 0) continue;
    const holder = taken.get(chosen);
    if (holder) context.addIssue({ code: 'custom', path: [name], message: `must differ from ${holder} (${chosen})` });
    else taken.set(chosen, name);
  }
  if (env.RATE_LIMIT_BURST !== undefined && env.RATE_LIMIT_BURST < env.RATE_LIMIT_PER_SECOND) {
    context.addIssue({ code: 'custom', path: ['RATE_LIMIT_BURST'], message: 'must be at least RATE_LIMIT_PER_SECOND' });
  }
  if (env.RATE_LIMIT_IP_BURST !== undefined && env.RATE_LIMIT_IP_BURST < env.RATE_LIMIT_IP_PER_SECOND) {
    context.addIssue({ code: 'custom', path: ['RATE_LIMIT_IP_BURST'], message: 'must be at least RATE_LIMIT_IP_PER_SECOND' });
  }
  if (env.TRUST_PROXY === false && env.TRUST_PROXY_HOPS !== undefined && env.TRUST_PROXY_HOPS > 0) {
    context.addIssue({ code: 'custom', path: ['TRUST_PROXY'], message: 'is false while TRUST_PROXY_HOPS names proxies: set one of them' });
  }
  if (env.RATE_LIMIT_STORE === 'postgres' && !env.DATABASE_URL) {
    context.addIssue({ code: 'custom', path: ['RATE_LIMIT_STORE'], message: 'postgres needs DATABASE_URL (the embedded database has one process: memory)' });
  }
  if (env.CARRIER_GATEWAY === 'smpp') {
    for (const name of ['SMPP_HOST', 'SMPP_SYSTEM_ID', 'SMPP_PASSWORD'] as const) {
      if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required with CARRIER_GATEWAY=smpp' });
    }
  }
  if (Boolean(env.MAIL_TLS_KEY) !== Boolean(env.MAIL_TLS_CERT)) {
    context.addIssue({ code: 'custom', path: [env.MAIL_TLS_KEY ? 'MAIL_TLS_CERT' : 'MAIL_TLS_KEY'], message: 'MAIL_TLS_KEY and MAIL_TLS_CERT go together' });
  }
  if (env.MAIL_TRANSPORT === 'smtp' && !env.MAIL_SMTP_URL && !env.SMTP_URL) {
    context.addIssue({ code: 'custom', path: ['MAIL_SMTP_URL'], message: 'MAIL_SMTP_URL (or SMTP_URL) is required with MAIL_TRANSPORT=smtp' });
  }
  if (env.PAYMENT_PROVIDER !== 'stripe') return;
  for (const name of ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET'] as const) {
    if (!env[name]) context.addIssue({ code: 'custom', path: [name], message: 'is required with PAYMENT_PROVIDER=stripe' });
  }
});

/** Every variable the configuration reads, in the schema's order (`.env.example`, the README's table). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

export interface ServerConfig {
  /** The SMS API's port, shared by the APIs not given one of their own. */
  readonly port: number;
  readonly host: string;
  /**
   * The account service, the mail and the links APIs: a port of their own (AUTH_PORT, ...; 0 picks a
   * free one), else PORT under `/<name>`; and the base URL links and emails show (AUTH_PUBLIC_URL, ...).
   */
  readonly apis: Readonly<Record<MovableApi, { readonly port: number | undefined; readonly publicUrl: string | undefined }>>;
  readonly databaseUrl: string | undefined;
  readonly dataDir: string;
  readonly role: (typeof ROLES)[number];
  readonly adminApiKey: string | undefined;
  /** Create a demo account on an empty database (default: only for the embedded database). */
  readonly seedDemo: boolean;
  readonly defaultWalletCurrency: string;
  readonly bodyLimitBytes: number;
  readonly databasePoolSize: number;
  /** Repeated statements as named prepared statements (off behind a pooler that cannot keep them). */
  readonly databasePreparedStatements: boolean;
  readonly jobPollingSeconds: number;
  /** A running job attempt without a heartbeat for this long is presumed dead and retried. */
  readonly jobHeartbeatSeconds: number;
  /** How often dead attempts are looked for. */
  readonly jobSuperviseSeconds: number;
  readonly shutdownTimeoutMs: number;
  readonly logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
  /**
   * Who takes top-up payments: the built-in hosted checkout (no money moves) or Stripe. Unset on
   * PostgreSQL unless PAYMENT_PROVIDER names one: a production install never credits for free by default.
   */
  readonly paymentProvider: (typeof PAYMENT_PROVIDERS)[number] | undefined;
  /** The SMS API's base URL: origin of the links handed to payers (checkout and return pages); default http://localhost:<port>. */
  readonly publicBaseUrl: string | undefined;
  /** HMAC key of the hosted checkout's webhooks; a random one per process when unset. */
  readonly hostedCheckoutSecret: string | undefined;
  /** Present when both Stripe secrets are set. */
  readonly stripe: { readonly secretKey: string; readonly webhookSecret: string; readonly apiBase: string } | undefined;
  /** Where live messages go: the in-process simulator (default) or an SMSC over SMPP 3.4. */
  readonly carrier:
    | { readonly kind: 'simulator'; readonly latencyMs: { readonly min: number; readonly max: number }; readonly ratios: Readonly<Record<string, number>> | undefined }
    | { readonly kind: 'smpp'; readonly host: string; readonly port: number; readonly systemId: string; readonly password: string; readonly throughputPerSecond: number };
  /** Messages each simulator (live and sandbox) keeps in clear text for GET /api/admin/simulator/messages, the oldest dropped. */
  readonly simulatorInboxSize: number;
  /** Submissions per second per route in one worker process: a default and per-route overrides. */
  readonly routeThroughput: { readonly defaultPerSecond: number; readonly perRoute: Readonly<Record<string, number>> };
  /** Aggregators allowed to push inbound messages to /api/inbound/{provider}, with the secret each signs with (docs/inbound.md). */
  readonly inboundSecrets: Readonly<Record<string, string>>;
  /**
   * Request rate limits (docs/decisions.md, issue 12), or undefined when RATE_LIMIT_ENABLED=false:
   * per API key (the operator may set an account's own) and per client address without a key.
   */
  readonly rateLimits:
    | {
        readonly perKey: { readonly perSecond: number; readonly burst: number };
        readonly perAddress: { readonly perSecond: number; readonly burst: number };
        /** Where the counts live: this process (the embedded database) or PostgreSQL, shared by every API process. */
        readonly store: 'memory' | 'postgres';
        /** How often each process reloads the operator's per-account limits. */
        readonly refreshSeconds: number;
      }
    | undefined;
  /** Reverse proxies in front of the API whose X-Forwarded-For entries are trusted (0: the header is ignored). */
  readonly trustedProxyHops: number;
  /**
   * How long a request with an Idempotency-Key keeps its key before a retry may take it over, when
   * it never answered (its process died): longer than any request runs (docs/idempotency.md).
   */
  readonly idempotencyLeaseSeconds: number;
  /** Webhook destinations exempt from the URL policy's address rule (docs/webhooks.md). */
  readonly webhookAllowHosts: AllowedHosts;
  /** `DNS_SERVERS`: the resolvers of every lookup the server makes (records, and the URL policy's addresses); the system's when undefined. */
  readonly dnsServers: readonly string[] | undefined;
  /** How many days the deliveries log keeps a finished delivery after its event (docs/webhooks.md, "Retention"). */
  readonly webhookLogRetentionDays: number;
  /** AES-256-GCM key sealing webhook signing secrets; when unset, a key kept in the data directory (docs/webhooks.md). */
  readonly webhookSecretKey: Buffer | undefined;
  /** The account service (docs/accounts.md). */
  readonly identity: {
    /** An SMTP relay for its mail; unset: the local outbox in the database (GET /api/admin/outbox). */
    readonly smtpUrl: string | undefined;
    readonly mailFrom: string;
    /** Where mailed links lead (`/verify-email?token=...`); default the web console, `{base_url}/app`. */
    readonly dashboardUrl: string | undefined;
    /** Seals the web console's session cookie (docs/dashboard.md); when unset, a key kept in the data directory. */
    readonly consoleCookieKey: Buffer | undefined;
    /** The access tokens' Ed25519 signing key (PKCS#8 PEM); when unset, a key kept in the data directory. */
    readonly jwtPrivateKey: string | undefined;
    /** log2 of scrypt's N for new password hashes: 17 is OWASP's; lower only for tests. */
    readonly passwordHashCost: number;
    /** Password hashes at once in this process (docs/accounts.md, "Hashing"): half kept for sign-ins. */
    readonly passwordHashConcurrency: number;
  };
  /** The mail API (docs/mail.md, "Configuration"). */
  readonly mail: {
    /** `outbox` keeps signed messages in the database and simulates outcomes; `smtp` hands them to `smtpUrl`. */
    readonly transport: { readonly kind: 'outbox' } | { readonly kind: 'smtp'; readonly smtpUrl: string };
    readonly dns: MailDnsSettings;
    /** Signs the mail API's tracking links and confirmation tokens; else `mail-token.key` (docs/mail.md, "Tracking"). */
    readonly tokenKey: Buffer | undefined;
    /** Keys the hashes of forwarded mail's SRS envelope senders; else `mail-srs.key` (docs/mail.md, "Forwards"). */
    readonly srsKey: Buffer | undefined;
    /** The inbound SMTP server, MX of the return paths (docs/mail.md, "Bounces and complaints"): its port (0: any free one), or none. */
    readonly inboundPort: number | 'off';
    /** The SMTP submission server (docs/mail.md, "SMTP submission"): its port (0: any free one), or none. */
    readonly submission: {
      readonly port: number | 'off';
      /** Paths of the PEM key and certificate: AUTH after STARTTLS only. */
      readonly tls: { readonly keyPath: string; readonly certPath: string } | undefined;
      readonly allowPlainAuth: boolean;
    };
  };
  readonly links: {
    /** Where the default domain's short links are served and shown; else the SMS API's base URL + `/s` (docs/links.md, "Redirects"). */
    readonly shortBaseUrl: string | undefined;
    /** The operator's blocklist (one host a line), added to the shipped one. */
    readonly blockedHostsFile: string | undefined;
    /** Salts the unique-visitor hashes; else `links-visitor.key` (docs/links.md, "Clicks"). */
    readonly visitorSalt: Buffer | undefined;
    /** How often buffered clicks (and API request counts) are written: the most a crash can lose. */
    readonly clickFlushMs: number;
    /** The TLS terminator (Caddy) whose handshake tells a branded domain's tls_ready (docs/links.md, "TLS"); unset: tls_ready stays false. */
    readonly tlsProbe: string | undefined;
  };
  readonly verify: {
    /** The HMAC key of OTP hashes; when unset, a key kept in the data directory (docs/verify.md, "Codes"). */
    readonly pepper: Buffer | undefined;
    /** Fraud guards: starts per hour to one number, and to one country, per account and environment. */
    readonly perNumberPerHour: number;
    readonly perCountryPerHour: number;
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: Record<string, string | undefined> = process.env): ServerConfig {
  const blankless = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = schema.safeParse(blankless);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    apis: {
      auth: { port: c.AUTH_PORT, publicUrl: c.AUTH_PUBLIC_URL?.replace(/\/+$/, '') },
      mail: { port: c.MAIL_PORT, publicUrl: c.MAIL_PUBLIC_URL?.replace(/\/+$/, '') },
      links: { port: c.LINKS_PORT, publicUrl: c.LINKS_PUBLIC_URL?.replace(/\/+$/, '') },
    },
    databaseUrl: c.DATABASE_URL,
    dataDir: c.TUMA_DATA_DIR,
    role: c.TUMA_ROLE,
    adminApiKey: c.ADMIN_API_KEY,
    seedDemo: c.TUMA_SEED_DEMO ?? !c.DATABASE_URL,
    defaultWalletCurrency: c.DEFAULT_WALLET_CURRENCY.toUpperCase(),
    bodyLimitBytes: c.BODY_LIMIT_BYTES,
    databasePoolSize: c.DATABASE_POOL_SIZE,
    databasePreparedStatements: c.DATABASE_PREPARED_STATEMENTS,
    jobPollingSeconds: c.JOB_POLLING_SECONDS,
    jobHeartbeatSeconds: c.JOB_HEARTBEAT_SECONDS,
    jobSuperviseSeconds: c.JOB_SUPERVISE_SECONDS,
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
    logLevel: c.LOG_LEVEL,
    paymentProvider: c.PAYMENT_PROVIDER ?? (c.DATABASE_URL ? undefined : 'hosted'),
    publicBaseUrl: c.PUBLIC_BASE_URL?.replace(/\/+$/, ''),
    hostedCheckoutSecret: c.HOSTED_CHECKOUT_SECRET,
    stripe:
      c.STRIPE_SECRET_KEY && c.STRIPE_WEBHOOK_SECRET
        ? { secretKey: c.STRIPE_SECRET_KEY, webhookSecret: c.STRIPE_WEBHOOK_SECRET, apiBase: c.STRIPE_API_BASE.replace(/\/+$/, '') }
        : undefined,
    carrier:
      c.CARRIER_GATEWAY === 'smpp'
        ? { kind: 'smpp', host: c.SMPP_HOST!, port: c.SMPP_PORT, systemId: c.SMPP_SYSTEM_ID!, password: c.SMPP_PASSWORD!, throughputPerSecond: c.SMPP_THROUGHPUT_PER_SECOND }
        : { kind: 'simulator', latencyMs: { min: c.SIMULATOR_LATENCY_MS[0], max: c.SIMULATOR_LATENCY_MS[1] }, ratios: c.SIMULATOR_OUTCOMES },
    simulatorInboxSize: c.SIMULATOR_INBOX_SIZE,
    routeThroughput: {
      defaultPerSecond: c.ROUTE_THROUGHPUT_PER_SECOND,
      perRoute: Object.fromEntries((c.ROUTE_THROUGHPUT?.split(',') ?? []).map((entry) => entry.split('=')).map(([code, rate]) => [code!, Number(rate)])),
    },
    rateLimits: c.RATE_LIMIT_ENABLED
      ? {
          perKey: { perSecond: c.RATE_LIMIT_PER_SECOND, burst: c.RATE_LIMIT_BURST ?? 2 * c.RATE_LIMIT_PER_SECOND },
          perAddress: { perSecond: c.RATE_LIMIT_IP_PER_SECOND, burst: c.RATE_LIMIT_IP_BURST ?? 2 * c.RATE_LIMIT_IP_PER_SECOND },
          store: c.RATE_LIMIT_STORE ?? (c.DATABASE_URL ? 'postgres' : 'memory'),
          refreshSeconds: c.RATE_LIMIT_REFRESH_SECONDS,
        }
      : undefined,
    trustedProxyHops: c.TRUST_PROXY_HOPS ?? (c.TRUST_PROXY ? 1 : 0),
    idempotencyLeaseSeconds: c.IDEMPOTENCY_LEASE_SECONDS,
    inboundSecrets: c.INBOUND_SECRETS ?? {},
    webhookAllowHosts: c.WEBHOOK_ALLOW_HOSTS ?? AllowedHosts.none,
    dnsServers: dnsServersFrom(c.DNS_SERVERS),
    webhookLogRetentionDays: c.WEBHOOK_LOG_RETENTION_DAYS,
    webhookSecretKey: c.WEBHOOK_SECRET_KEY,
    identity: {
      smtpUrl: c.SMTP_URL,
      mailFrom: c.MAIL_FROM,
      dashboardUrl: c.DASHBOARD_URL?.replace(/\/+$/, ''),
      consoleCookieKey: c.CONSOLE_COOKIE_KEY,
      jwtPrivateKey: c.AUTH_JWT_PRIVATE_KEY,
      passwordHashCost: c.PASSWORD_HASH_COST,
      // scrypt is CPU-bound: no more at once than cores, and one of libuv's threads left for files and DNS.
      passwordHashConcurrency: c.PASSWORD_HASH_CONCURRENCY ?? Math.max(1, Math.min(availableParallelism(), c.UV_THREADPOOL_SIZE - 1)),
    },
    mail: {
      // One relay serves both unless the mail API is given its own: a small operator has one.
      transport: c.MAIL_TRANSPORT === 'smtp' ? { kind: 'smtp', smtpUrl: (c.MAIL_SMTP_URL ?? c.SMTP_URL)! } : { kind: 'outbox' },
      dns: { spfInclude: c.MAIL_SPF_INCLUDE, bounceMx: c.MAIL_BOUNCE_MX },
      tokenKey: c.MAIL_TOKEN_KEY,
      srsKey: c.MAIL_SRS_KEY,
      inboundPort: c.MAIL_INBOUND_PORT,
      submission: {
        port: c.MAIL_SUBMISSION_PORT,
        tls: c.MAIL_TLS_KEY && c.MAIL_TLS_CERT ? { keyPath: c.MAIL_TLS_KEY, certPath: c.MAIL_TLS_CERT } : undefined,
        allowPlainAuth: c.MAIL_ALLOW_PLAIN_AUTH,
      },
    },
    links: {
      shortBaseUrl: c.SHORT_BASE_URL?.replace(/\/+$/, ''),
      blockedHostsFile: c.BLOCKED_HOSTS_FILE,
      visitorSalt: c.LINKS_VISITOR_SALT,
      clickFlushMs: c.CLICK_FLUSH_MS,
      tlsProbe: c.LINKS_TLS_PROBE,
    },
    verify: {
      pepper: c.VERIFY_PEPPER === undefined ? undefined : Buffer.from(c.VERIFY_PEPPER, 'utf8'),
      perNumberPerHour: c.VERIFY_NUMBER_STARTS_PER_HOUR,
      perCountryPerHour: c.VERIFY_COUNTRY_STARTS_PER_HOUR,
    },
  };
}
