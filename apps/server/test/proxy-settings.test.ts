import { expect } from 'chai';
import { ConfigError, loadConfig } from '../src/index.ts';

describe('proxy settings', () => {
  it('trusts no proxy by default; TRUST_PROXY=true is one hop, TRUST_PROXY_HOPS wins, and a contradiction is refused', () => {
    expect(loadConfig({}).trustedProxyHops).to.equal(0);
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustedProxyHops).to.equal(1);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxyHops).to.equal(0);
    expect(loadConfig({ TRUST_PROXY_HOPS: '2' }).trustedProxyHops).to.equal(2);
    expect(loadConfig({ TRUST_PROXY: 'true', TRUST_PROXY_HOPS: '3' }).trustedProxyHops).to.equal(3);
    expect(() => loadConfig({ TRUST_PROXY: 'false', TRUST_PROXY_HOPS: '1' })).to.throw(ConfigError, /TRUST_PROXY: is false while TRUST_PROXY_HOPS names proxies/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).to.throw(ConfigError, /TRUST_PROXY/);
  });
});
