import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'chai';
import { readWebhookUrl } from '@tuma/webhooks';
import { ConfigError, loadConfig } from '../src/index.ts';
import { webhookSecretKey } from '../src/server-secrets.ts';

describe('webhook settings', () => {
  it('reads WEBHOOK_ALLOW_HOSTS (empty by default) and refuses entries that are not host or host:port', () => {
    const url = readWebhookUrl('http://127.0.0.1:4000/hook')._unsafeUnwrap();
    expect(loadConfig({}).webhookAllowHosts.allows(url)).to.equal(false);
    expect(loadConfig({ WEBHOOK_ALLOW_HOSTS: 'hooks.internal,127.0.0.1:4000' }).webhookAllowHosts.allows(url)).to.equal(true);
    expect(() => loadConfig({ WEBHOOK_ALLOW_HOSTS: 'http://hooks.internal/' })).to.throw(ConfigError, /WEBHOOK_ALLOW_HOSTS: must be comma-separated host or host:port entries/);
  });

  it('reads WEBHOOK_SECRET_KEY as 32 bytes of base64, and refuses another length', () => {
    const key = randomBytes(32);
    expect(loadConfig({ WEBHOOK_SECRET_KEY: key.toString('base64') }).webhookSecretKey).to.deep.equal(key);
    expect(loadConfig({}).webhookSecretKey).to.equal(undefined);
    expect(() => loadConfig({ WEBHOOK_SECRET_KEY: randomBytes(16).toString('base64') })).to.throw(ConfigError, /WEBHOOK_SECRET_KEY: must be 32 bytes/);
  });

  it('without WEBHOOK_SECRET_KEY: a key generated once into the data directory (owner-only), or per process for memory://', () => {
    const dataDir = join(mkdtempSync(join(tmpdir(), 'tuma-webhook-key-')), 'data');
    const load = webhookSecretKey(loadConfig({ TUMA_DATA_DIR: dataDir }));
    const first = load();
    expect(first).to.have.length(32);
    expect(load(), 'read back, not generated again').to.deep.equal(first);
    expect(webhookSecretKey(loadConfig({ TUMA_DATA_DIR: dataDir }))(), 'after a restart').to.deep.equal(first);
    const file = join(dataDir, 'webhook-secret.key');
    expect(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64')).to.deep.equal(first);
    expect(statSync(file).mode & 0o777).to.equal(0o600);
    const memory = webhookSecretKey(loadConfig({ TUMA_DATA_DIR: 'memory://' }));
    expect(memory()).to.have.length(32).and.not.deep.equal(first);
    const given = randomBytes(32);
    expect(webhookSecretKey(loadConfig({ TUMA_DATA_DIR: dataDir, WEBHOOK_SECRET_KEY: given.toString('base64') }))()).to.deep.equal(given);
  });
});
