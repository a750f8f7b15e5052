import { expect } from 'chai';
import { destinationOf, WebhookConfig } from '../src/index.ts';

const t0 = new Date('2026-11-21T10:00:00.000Z');
const plus = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('WebhookConfig', () => {
  it('starts active with no URLs; sends new events only while active and only where a URL is set', () => {
    const created = WebhookConfig.create({ accountId: 'acc_1', environment: 'live' }, 'whsec_x', t0);
    expect(created.toSnapshot()).to.deep.equal({ accountId: 'acc_1', environment: 'live', dlrUrl: null, moUrl: null, isActive: true, signingSecret: 'whsec_x', createdAt: t0, updatedAt: t0 });
    const withDlr = created.update({ dlrUrl: 'https://h.example.com/dlr' }, plus(1));
    expect(destinationOf(withDlr.toSnapshot(), 'dlr')).to.equal('https://h.example.com/dlr');
    expect(destinationOf(withDlr.toSnapshot(), 'mo')).to.equal(null);
    const off = withDlr.update({ isActive: false }, plus(2));
    expect(destinationOf(off.toSnapshot(), 'dlr')).to.equal(null);
    expect(off.urlFor('dlr')).to.equal('https://h.example.com/dlr');
  });

  it('changes only the fields given; null clears a URL; rotation replaces the secret', () => {
    const config = WebhookConfig.create({ accountId: 'acc_1', environment: 'test' }, 'whsec_x', t0).update({ dlrUrl: 'https://a.example.com/', moUrl: 'https://b.example.com/' }, plus(1));
    expect(config.update({ moUrl: null }, plus(2)).toSnapshot()).to.include({ dlrUrl: 'https://a.example.com/', moUrl: null, isActive: true });
    const rotated = config.rotateSecret('whsec_y', plus(3));
    expect(rotated.signingSecret).to.equal('whsec_y');
    expect(rotated.toSnapshot()).to.deep.include({ dlrUrl: 'https://a.example.com/', updatedAt: plus(3) });
  });
});
