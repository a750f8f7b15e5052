import { writeSync } from 'node:fs';
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
/** Text without any of these cannot match SECRET: the common case costs one scan and no copy. */
const MAY_HOLD_SECRET = /svc_|whsec_|sk_|rk_|Bearer/;

function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return MAY_HOLD_SECRET.test(value) ? value.replace(SECRET, REDACTED) : value;
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  // Copied only when a field changes (a request line, the most frequent entry, has nothing to hide).
  let copy: Record<string, unknown> | undefined;
  for (const name in value) {
    const field = (value as Record<string, unknown>)[name];
    const redacted = SECRET_FIELDS.has(name.toLowerCase()) ? REDACTED : redact(field, depth + 1);
    if (redacted !== field) (copy ??= { ...(value as Record<string, unknown>) })[name] = redacted;
  }
  return copy ?? value;
}

/**
 * Lines for stdout, written together once per turn of the event loop rather than one write (a
 * system call) each: under load many requests end in one turn. What is pending is written
 * synchronously when the process exits.
 */
function stdoutInBatches(): (line: string) => void {
  let pending: string[] = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (pending.length === 0) return;
    const text = `${pending.join('\n')}\n`;
    pending = [];
    process.stdout.write(text);
  };
  process.once('exit', () => {
    if (pending.length > 0) writeSync(1, `${pending.join('\n')}\n`);
    pending = [];
  });
  return (line) => {
    pending.push(line);
    if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };
}

/**
 * One JSON object per line on stdout (pino), for log shippers: `time` (ISO 8601), `level` by name,
 * `msg` and the entry's fields; API keys and other secrets are redacted by name and by shape.
 * Lines reach stdout at the end of the event loop's turn (`stdoutInBatches`).
 */
export function jsonLogger(level: LogLevel, write: (line: string) => void = stdoutInBatches()): Logger {
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
