import { expect } from 'chai';
import { err, ok } from '@tuma/kernel';
import { AllowedHosts, WebhookDestinations, type HostResolver, type ResolvedAddress } from '@tuma/webhooks';
import { BlockListAddressPolicy } from '../src/index.ts';

/** Fake DNS: no test needs the internet. Names not listed do not resolve. */
const DNS: Record<string, string[]> = {
  'localtest.me': ['127.0.0.1'],
  'rebind.example.com': ['93.184.216.34', '10.0.0.1'],
  'v6-loopback.example.com': ['::1'],
  'metadata.example.com': ['169.254.169.254'],
  'corp.example.com': ['192.168.1.20'],
  'cgnat.example.com': ['100.100.100.200'],
  'ula.example.com': ['fd12:3456:789a::1'],
  'mapped.example.com': ['::ffff:10.0.0.1'],
  'nat64-private.example.com': ['64:ff9b::a00:1'],
  'zero.example.com': ['0.0.0.0'],
  'example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'hooks.stripe-like.com': ['54.187.174.169', '54.187.205.235'],
  'nat64-public.example.com': ['64:ff9b::5db8:d822'],
  'sixtofour-public.example.com': ['2002:5db8:d822::1'],
};

const resolver: HostResolver = {
  addresses: async (host) => {
    const addresses = DNS[host];
    if (!addresses) return err('ENOTFOUND');
    return ok(addresses.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 })));
  },
};

const destinations = new WebhookDestinations(new BlockListAddressPolicy(), resolver, AllowedHosts.none);
const check = (url: string) => destinations.check(url);

const HOSTILE: string[] = [
  // loopback, in every spelling
  'http://127.0.0.1/',
  'http://127.0.0.1:8080/hook',
  'http://127.255.255.254/',
  'http://2130706433/',
  'http://017700000001/',
  'http://0x7f.1/',
  'http://0x7f000001/',
  'http://0177.0.0.1/',
  'http://127.1/',
  'http://127.0.1/',
  'http://%31%32%37.0.0.1/',
  'http://127.0.0.1./',
  'https://[::1]/',
  'http://[0:0:0:0:0:0:0:1]:3000/',
  'http://localhost/',
  'http://LOCALHOST:8080/',
  'http://localhost./',
  'http://api.localhost/',
  // unspecified, "this network", broadcast
  'http://0.0.0.0/',
  'http://0/',
  'http://0.1.2.3/',
  'http://[::]/',
  'http://255.255.255.255/',
  // private
  'http://10.0.0.1/',
  'http://10.255.255.255/',
  'http://167772161/',
  'http://172.16.0.1/',
  'http://172.31.255.255/',
  'http://192.168.0.1/',
  'http://192.168.1.1:8443/admin',
  'http://0xc0.0xa8.0x1.0x1/',
  // carrier-grade NAT, link-local and cloud metadata
  'http://100.64.0.1/',
  'http://100.127.255.254/',
  'http://169.254.0.1/',
  'http://169.254.169.254/latest/meta-data/',
  'http://2852039166/',
  'http://[fd00:ec2::254]/latest/meta-data/',
  'http://168.63.129.16/',
  // IETF, documentation, benchmarking, reserved, multicast
  'http://192.0.0.1/',
  'http://192.0.2.10/',
  'http://198.51.100.7/',
  'http://203.0.113.99/',
  'http://198.18.0.1/',
  'http://198.19.255.255/',
  'http://192.88.99.1/',
  'http://240.0.0.1/',
  'http://250.1.2.3/',
  'http://224.0.0.1/',
  'http://239.255.255.250/',
  // IPv6: mapped, compatible, NAT64 and 6to4 of private addresses, unique local, link-local, multicast, documentation
  'http://[::ffff:10.0.0.1]/',
  'http://[::ffff:127.0.0.1]/',
  'http://[::ffff:169.254.169.254]/',
  'http://[0:0:0:0:0:ffff:7f00:1]/',
  'http://[::127.0.0.1]/',
  'http://[64:ff9b::10.0.0.1]/',
  'http://[64:ff9b::127.0.0.1]/',
  'http://[64:ff9b:1::1]/',
  'http://[2002:a00:1::1]/',
  'http://[2002:7f00:1::]/',
  'http://[2002:a9fe:a9fe::1]/',
  'http://[fc00::1]/',
  'http://[fd00::1]/',
  'http://[fd12:3456:789a:1::1]/',
  'http://[fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff]/',
  'http://[fe80::1]/',
  'http://[fec0::1]/',
  'http://[ff02::1]/',
  'http://[2001:db8::1]/',
  'http://[3fff::1]/',
  'http://[2001::1]/',
  'http://[100::1]/',
  'http://[5f00::1]/',
  'http://[4000::1]/',
  // names that resolve to refused addresses (DNS is checked, every record must pass)
  'http://localtest.me/',
  'https://localtest.me:8443/hook',
  'http://rebind.example.com/',
  'http://v6-loopback.example.com/',
  'http://metadata.example.com/',
  'http://corp.example.com/',
  'http://cgnat.example.com/',
  'http://ula.example.com/',
  'http://mapped.example.com/',
  'http://nat64-private.example.com/',
  'http://zero.example.com/',
  'http://does-not-resolve.example.com/',
  // not http(s), or with credentials
  'file:///etc/passwd',
  'gopher://127.0.0.1:6379/_FLUSHALL',
  'ftp://example.com/',
  'dict://example.com:11211/',
  'https://user:pass@example.com/',
  'javascript:alert(1)',
  'example.com/hook',
];

const PUBLIC: string[] = [
  'https://example.com/webhooks/dlr',
  'http://example.com:8080/mo?token=abc',
  'https://hooks.stripe-like.com/tuma',
  'https://93.184.216.34/hook',
  'http://1572395042/',
  'https://8.8.8.8/',
  'https://1.1.1.1/dns',
  'https://100.63.255.255/',
  'https://100.128.0.1/',
  'https://172.15.255.255/',
  'https://172.32.0.1/',
  'https://192.167.255.255/',
  'https://198.17.255.255/',
  'https://223.255.255.254/',
  'https://[2606:4700:4700::1111]/',
  'https://[2001:4860:4860::8888]/hook',
  'https://[64:ff9b::8.8.8.8]/',
  'https://nat64-public.example.com/',
  'https://sixtofour-public.example.com/',
];

describe('SSRF: the webhook URL policy with net.BlockList and a fake resolver', () => {
  it(`refuses every one of ${HOSTILE.length} hostile URLs, saying why`, async () => {
    expect(HOSTILE.length).to.be.at.least(60);
    const accepted: string[] = [];
    for (const url of HOSTILE) {
      const result = await check(url);
      if (result.isOk()) accepted.push(url);
      else expect(result.error, url).to.match(/^(Refused: |Must )/);
    }
    expect(accepted).to.deep.equal([]);
  });

  it(`accepts ${PUBLIC.length} public destinations, connecting to the addresses checked`, async () => {
    for (const url of PUBLIC) {
      const result = await check(url);
      expect(result.isOk() ? 'accepted' : result.error, url).to.equal('accepted');
    }
    const example = (await check('https://example.com/webhooks/dlr'))._unsafeUnwrap();
    expect(example).to.deep.include({ exempt: false, addresses: [{ address: '93.184.216.34', family: 4 }, { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 }] });
  });

  it('names the range in the reason', async () => {
    const reason = async (url: string) => (await check(url))._unsafeUnwrapErr();
    expect(await reason('http://0x7f.1/')).to.equal('Refused: 127.0.0.1 is a loopback address (127.0.0.0/8)');
    expect(await reason('http://169.254.169.254/')).to.equal('Refused: 169.254.169.254 is the cloud metadata service (169.254.169.254/32)');
    expect(await reason('http://[fd00:ec2::254]/')).to.equal('Refused: fd00:ec2::254 is the cloud metadata service (fd00:ec2::254/128)');
    expect(await reason('http://[::ffff:10.0.0.1]/')).to.equal('Refused: ::ffff:a00:1 is an IPv4-mapped IPv6 address (::ffff:0:0/96)');
    expect(await reason('http://[64:ff9b::10.0.0.1]/')).to.equal('Refused: 64:ff9b::a00:1 is a NAT64 address of a private address (10.0.0.0/8)');
    expect(await reason('http://[2002:a00:1::1]/')).to.equal('Refused: 2002:a00:1::1 is a 6to4 address of a private address (10.0.0.0/8)');
    expect(await reason('http://100.64.0.1/')).to.equal('Refused: 100.64.0.1 is a carrier-grade NAT (shared) address (100.64.0.0/10)');
    expect(await reason('http://[4000::1]/')).to.equal('Refused: 4000::1 is not a global unicast address (outside 2000::/3)');
    expect(await reason('http://localtest.me/')).to.equal('Refused: localtest.me resolves to 127.0.0.1, a loopback address (127.0.0.0/8)');
    expect(await reason('http://rebind.example.com/')).to.equal('Refused: rebind.example.com resolves to 10.0.0.1, a private address (10.0.0.0/8)');
    expect(await reason('http://localhost/')).to.equal('Refused: localhost is a loopback name');
    expect(await reason('http://does-not-resolve.example.com/')).to.equal('Refused: does-not-resolve.example.com does not resolve (ENOTFOUND)');
  });

  it('screens a URL the server never fetches by the same rule, except that a name which does not resolve passes (a link target)', async () => {
    const UNRESOLVED = 'http://does-not-resolve.example.com/';
    for (const url of [...HOSTILE, ...PUBLIC].filter((url) => url !== UNRESOLVED)) {
      const [checked, screened] = [await check(url), await destinations.screen(url)];
      expect(screened.isOk() ? 'accepted' : screened.error, url).to.equal(checked.isOk() ? 'accepted' : checked.error);
    }
    const silent: HostResolver = { addresses: async () => err('ETIMEOUT') };
    for (const [policy, name] of [[destinations, 'does-not-resolve.example.com'], [new WebhookDestinations(new BlockListAddressPolicy(), silent, AllowedHosts.none), 'example.com']] as const) {
      expect((await policy.check(`https://${name}/`))._unsafeUnwrapErr()).to.match(/does not resolve \((ENOTFOUND|ETIMEOUT)\)$/);
      expect((await policy.screen(`https://${name}/`))._unsafeUnwrap().url.host).to.equal(name);
    }
  });

  it('lets WEBHOOK_ALLOW_HOSTS exempt exactly the named destinations, and nothing else', async () => {
    const allowing = new WebhookDestinations(new BlockListAddressPolicy(), resolver, AllowedHosts.parse('127.0.0.1:4000,localtest.me')._unsafeUnwrap());
    expect((await allowing.check('http://127.0.0.1:4000/hook'))._unsafeUnwrap()).to.include({ exempt: true });
    expect((await allowing.check('http://2130706433:4000/hook'))._unsafeUnwrap()).to.include({ exempt: true });
    expect((await allowing.check('https://localtest.me:9999/'))._unsafeUnwrap()).to.include({ exempt: true });
    expect((await allowing.check('http://127.0.0.1:4001/hook')).isErr()).to.equal(true);
    expect((await allowing.check('http://10.0.0.1:4000/hook')).isErr()).to.equal(true);
    expect((await allowing.check('ftp://127.0.0.1:4000/')).isErr(), 'still http(s) only').to.equal(true);
  });
});
