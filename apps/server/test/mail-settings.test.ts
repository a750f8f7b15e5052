import { expect } from 'chai';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/index.ts';
import { mailSrsKey, mailTokenKey } from '../src/server-secrets.ts';

describe('mail API settings', () => {
  it('default to the embedded outbox, the system resolvers, the default record hosts and submission on 2587 without plain-text logins', () => {
    expect(loadConfig({}).mail).to.deep.equal({
      transport: { kind: 'outbox' },
      dns: { spfInclude: '_spf.tuma.local', bounceMx: 'feedback.tuma.local' },
      tokenKey: undefined,
      srsKey: undefined,
      inboundPort: 2525,
      submission: { port: 2587, tls: undefined, allowPlainAuth: false },
    });
    expect(loadConfig({}).dnsServers).to.equal(undefined);
  });

  it('take the submission port (or off), the certificate pair only whole, and plain-text logins only when asked', () => {
    expect(loadConfig({ MAIL_SUBMISSION_PORT: 'off' }).mail.submission.port).to.equal('off');
    expect(loadConfig({ MAIL_SUBMISSION_PORT: '0' }).mail.submission.port).to.equal(0);
    expect(() => loadConfig({ MAIL_SUBMISSION_PORT: 'many' })).to.throw(ConfigError, /MAIL_SUBMISSION_PORT/);
    expect(() => loadConfig({ MAIL_TLS_KEY: '/etc/tuma/key.pem' })).to.throw(ConfigError, /MAIL_TLS_CERT: MAIL_TLS_KEY and MAIL_TLS_CERT go together/);
    expect(loadConfig({ MAIL_TLS_KEY: '/k.pem', MAIL_TLS_CERT: '/c.pem', MAIL_ALLOW_PLAIN_AUTH: 'true' }).mail.submission).to.deep.equal({ port: 2587, tls: { keyPath: '/k.pem', certPath: '/c.pem' }, allowPlainAuth: true });
  });

  it('key SRS addresses with MAIL_SRS_KEY (32 bytes in base64), else with mail-srs.key generated once into the data directory', () => {
    const key = Buffer.alloc(32, 9);
    expect(mailSrsKey(loadConfig({ MAIL_SRS_KEY: key.toString('base64') }))()).to.deep.equal(key);
    expect(() => loadConfig({ MAIL_SRS_KEY: 'short' })).to.throw(ConfigError, /MAIL_SRS_KEY/);
    const dataDir = mkdtempSync(join(tmpdir(), 'tuma-srs-key-'));
    try {
      const generated = mailSrsKey(loadConfig({ TUMA_DATA_DIR: dataDir }))();
      expect([generated.length, mailSrsKey(loadConfig({ TUMA_DATA_DIR: dataDir }))()], 'a restart reads it back').to.deep.equal([32, generated]);
      expect(statSync(join(dataDir, 'mail-srs.key')).mode & 0o777).to.equal(0o600);
    } finally {
      rmSync(dataDir, { recursive: true });
    }
  });

  it('sign links with MAIL_TOKEN_KEY (32 bytes in base64), else with mail-token.key generated once into the data directory', () => {
    const key = Buffer.alloc(32, 5);
    expect(mailTokenKey(loadConfig({ MAIL_TOKEN_KEY: key.toString('base64') }))()).to.deep.equal(key);
    expect(() => loadConfig({ MAIL_TOKEN_KEY: Buffer.alloc(16).toString('base64') })).to.throw(ConfigError, /MAIL_TOKEN_KEY: must be 32 bytes/);
    const dataDir = mkdtempSync(join(tmpdir(), 'tuma-mail-key-'));
    try {
      const generated = mailTokenKey(loadConfig({ TUMA_DATA_DIR: dataDir }))();
      expect([generated.length, mailTokenKey(loadConfig({ TUMA_DATA_DIR: dataDir }))()], 'a restart reads it back').to.deep.equal([32, generated]);
      expect(statSync(join(dataDir, 'mail-token.key')).mode & 0o777).to.equal(0o600);
    } finally {
      rmSync(dataDir, { recursive: true });
    }
  });

  it('send through MAIL_SMTP_URL, else through the account service relay SMTP_URL', () => {
    const own = loadConfig({ MAIL_TRANSPORT: 'smtp', MAIL_SMTP_URL: 'smtp://relay-a:587', SMTP_URL: 'smtp://relay-b:587' });
    expect(own.mail.transport).to.deep.equal({ kind: 'smtp', smtpUrl: 'smtp://relay-a:587' });
    expect(loadConfig({ MAIL_TRANSPORT: 'smtp', SMTP_URL: 'smtps://relay-b:465' }).mail.transport).to.deep.equal({ kind: 'smtp', smtpUrl: 'smtps://relay-b:465' });
    expect(() => loadConfig({ MAIL_TRANSPORT: 'smtp' })).to.throw(ConfigError, /MAIL_SMTP_URL: .*required with MAIL_TRANSPORT=smtp/);
    expect(() => loadConfig({ MAIL_TRANSPORT: 'sendmail' })).to.throw(ConfigError, /MAIL_TRANSPORT/);
  });

  it('read resolvers and the operator hosts', () => {
    const config = loadConfig({ DNS_SERVERS: '1.1.1.1, 127.0.0.1:5353,[::1]:53', MAIL_SPF_INCLUDE: '_SPF.Mail.Example', MAIL_BOUNCE_MX: 'bounce.mail.example' });
    expect(config.dnsServers).to.deep.equal(['1.1.1.1', '127.0.0.1:5353', '[::1]:53']);
    expect(config.mail.dns).to.deep.equal({ spfInclude: '_spf.mail.example', bounceMx: 'bounce.mail.example' });
    expect(() => loadConfig({ DNS_SERVERS: 'dns.google' })).to.throw(ConfigError, /DNS_SERVERS/);
    expect(() => loadConfig({ MAIL_BOUNCE_MX: 'not a host' })).to.throw(ConfigError, /MAIL_BOUNCE_MX/);
  });
});
