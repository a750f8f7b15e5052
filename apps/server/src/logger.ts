import { pino } from 'pino';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';

export interface Logger {
  debug(entry: Record<string, unknown>): void;
  info(entry: Record<string, unknown>): void;
  warn(entry: Record<string, unknown>): void;
  error(entry: Record<string, unknown>): void;
}

/** Secrets by shape, wherever they appear in an entry: API keys, webhook and Stripe secrets, bearer tokens. */
const SECRET = /\b(?:svc_(?:live|test|k|l)_[A-Za-z0-9]{8,}|whsec_[A-Za-z0-9_-]{8,}|sk_(?:live|test)_[A-Za-z0-9]{8,}|rk_(?:live|test)_[A-Za-z0-9]{8,})\b|(?<=Bearer\s+)\S+/g;
/** Secrets by name: whatever the value. */
const SECRET_FIELDS = new Set(['authorization', 'password', 'secret', 'signing_secret', 'api_key', 'key', 'token', 'admin_api_key']);
const REDACTED = '[REDACTED]';

function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return value.replace(SECRET, REDACTED);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, SECRET_FIELDS.has(name.toLowerCase()) ? REDACTED : redact(field, depth + 1)]));
}

/**
 * One JSON object per line on stdout (pino), for log shippers: `time` (ISO 8601), `level` by name,
 * `msg` and the entry's fields; API keys and other secrets are redacted by name and by shape.
 */
export function jsonLogger(level: LogLevel, write: (line: string) => void = (line) => process.stdout.write(`${line}\n`)): Logger {
  const logger = pino(
    {
      level,
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (entry) => redact(entry) as Record<string, unknown> },
    },
    { write: (line: string) => write(line.trimEnd()) },
  );
  return {
    debug: (entry) => logger.debug(entry),
    info: (entry) => logger.info(entry),
    warn: (entry) => logger.warn(entry),
    error: (entry) => logger.error(entry),
  };
}
