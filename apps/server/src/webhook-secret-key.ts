import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ServerConfig } from './config.ts';

const KEY_FILE = 'webhook-secret.key';

/** Reads the key file, or creates it (owner-only) when missing; a concurrent creator's key wins. */
function keyFile(dataDir: string): Buffer {
  const path = join(dataDir, KEY_FILE);
  try {
    return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  try {
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return Buffer.from(readFileSync(path, 'utf8').trim(), 'base64');
}

/**
 * Where the key sealing webhook signing secrets comes from: `WEBHOOK_SECRET_KEY`; else, for a
 * throw-away `memory://` database, a random key per process; else a key generated once into
 * `<TUMA_DATA_DIR>/webhook-secret.key`. Loaded on first use only (docs/webhooks.md, "Secrets").
 */
export function webhookSecretKey(config: ServerConfig): () => Buffer {
  if (config.webhookSecretKey) return () => config.webhookSecretKey!;
  if (!config.databaseUrl && config.dataDir === 'memory://') {
    const key = randomBytes(32);
    return () => key;
  }
  return () => keyFile(config.dataDir);
}
