import { expect } from 'chai';
import { AllowedHosts, readWebhookUrl } from '../src/index.ts';

const read = (raw: string) => readWebhookUrl(raw)._unsafeUnwrap();
const refusal = (raw: string) => readWebhookUrl(raw)._unsafeUnwrapErr();

describe('webhook URLs', () => {
  it('reads http(s) URLs in canonical form: lower-case host, default port, no fragment', () => {
    expect(read('HTTPS://Hooks.Example.COM/Path?q=1#frag')).to.deep.equal({ href: 'https://hooks.example.com/Path?q=1', protocol: 'https', host: 'hooks.example.com', port: 443, literal: null });
    expect(read('http://hooks.example.com:8080')).to.include({ href: 'http://hooks.example.com:8080/', port: 8080 });
    expect(read('http://hooks.example.com./x')).to.include({ host: 'hooks.example.com', port: 80 });
  });

  it('turns every IPv4 spelling into the address it is (decimal, octal, hex, short, percent-encoded)', () => {
    for (const raw of ['http://2130706433/', 'http://017700000001/', 'http://0x7f.1/', 'http://127.1/', 'http://0x7f000001/', 'http://0177.0.0.1/', 'http://%31%32%37.0.0.1/', 'http://127.0.0.1./']) {
      expect(read(raw), raw).to.include({ host: '127.0.0.1', literal: 4 });
    }
    expect(read('http://0/')).to.include({ host: '0.0.0.0', literal: 4 });
  });

  it('reads IPv6 literals without brackets, in canonical form (mapped IPv4 in hex)', () => {
    expect(read('http://[::ffff:10.0.0.1]:8443/x')).to.include({ host: '::ffff:a00:1', literal: 6, port: 8443 });
    expect(read('http://[0:0:0:0:0:0:0:1]/')).to.include({ host: '::1', literal: 6 });
  });

  it('refuses what is not an absolute http(s) URL, credentials, and over-long URLs', () => {
    expect(refusal('hooks.example.com/dlr')).to.equal('Must be an absolute http(s) URL');
    expect(refusal('ftp://hooks.example.com/')).to.equal('Must be an http or https URL');
    expect(refusal('file:///etc/passwd')).to.equal('Must be an http or https URL');
    expect(refusal('gopher://127.0.0.1:6379/_FLUSHALL')).to.equal('Must be an http or https URL');
    expect(refusal('https://user:secret@hooks.example.com/')).to.equal('Must not contain a user name or password');
    expect(refusal('http://1.2.3.4.5/')).to.equal('Must be an absolute http(s) URL');
    expect(refusal(`https://hooks.example.com/${'a'.repeat(2048)}`)).to.equal('Must be at most 2048 characters');
  });
});

describe('WEBHOOK_ALLOW_HOSTS', () => {
  const hosts = (list: string) => AllowedHosts.parse(list)._unsafeUnwrap();

  it('exempts a named host on any port, or on the port given', () => {
    const allowed = hosts(' receiver.internal , 127.0.0.1:4000,[::1]:8080 ,');
    expect(allowed.allows(read('http://receiver.internal/'))).to.equal(true);
    expect(allowed.allows(read('https://RECEIVER.internal:9443/'))).to.equal(true);
    expect(allowed.allows(read('http://127.0.0.1:4000/hook'))).to.equal(true);
    expect(allowed.allows(read('http://2130706433:4000/hook')), 'the same address spelled in decimal').to.equal(true);
    expect(allowed.allows(read('http://127.0.0.1:4001/'))).to.equal(false);
    expect(allowed.allows(read('http://127.0.0.1/'))).to.equal(false);
    expect(allowed.allows(read('http://[::1]:8080/'))).to.equal(true);
    expect(allowed.allows(read('http://receiver.internal.evil.com/'))).to.equal(false);
    expect(allowed.allows(read('http://evil-receiver.internal/'))).to.equal(false);
  });

  it('takes a port 80 entry as that port only, and exempts nothing when empty', () => {
    expect(hosts('hooks.local:80').allows(read('http://hooks.local/'))).to.equal(true);
    expect(hosts('hooks.local:80').allows(read('https://hooks.local/'))).to.equal(false);
    expect(hosts('').allows(read('http://127.0.0.1/'))).to.equal(false);
    expect(AllowedHosts.none.allows(read('http://127.0.0.1/'))).to.equal(false);
  });

  it('refuses entries that are not host or host:port', () => {
    for (const entry of ['http://a.com', 'a.com/path', 'a.com:99999', 'a.com:0', 'user@a.com', '::1', 'a b']) {
      expect(AllowedHosts.parse(entry).isErr(), entry).to.equal(true);
    }
  });
});
