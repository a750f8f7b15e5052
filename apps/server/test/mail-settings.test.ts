import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/index.ts';

describe('mail API settings', () => {
  it('default to the embedded outbox, the system resolvers and the default record hosts', () => {
    expect(loadConfig({}).mail).to.deep.equal({ transport: { kind: 'outbox' }, dnsServers: undefined, dns: { spfInclude: '_spf.tuma.local', bounceMx: 'feedback.tuma.local' } });
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
    expect(config.mail.dnsServers).to.deep.equal(['1.1.1.1', '127.0.0.1:5353', '[::1]:53']);
    expect(config.mail.dns).to.deep.equal({ spfInclude: '_spf.mail.example', bounceMx: 'bounce.mail.example' });
    expect(() => loadConfig({ DNS_SERVERS: 'dns.google' })).to.throw(ConfigError, /DNS_SERVERS/);
    expect(() => loadConfig({ MAIL_BOUNCE_MX: 'not a host' })).to.throw(ConfigError, /MAIL_BOUNCE_MX/);
  });
});
