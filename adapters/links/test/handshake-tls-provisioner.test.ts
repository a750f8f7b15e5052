import { createServer, type Server } from 'node:tls';
import type { AddressInfo } from 'node:net';
import { expect } from 'chai';
import { generate } from 'selfsigned';
import { HandshakeTlsProvisioner, NoTlsProvisioner, tlsProbeFrom } from '../src/index.ts';

/** tls_ready by a real handshake against a local TLS server serving a certificate for go.acme.example, from a CA the probe is told to trust. */
describe('HandshakeTlsProvisioner against a real TLS server', () => {
  let server: Server;
  let port: number;
  let cert: string;

  before(async () => {
    const pems = await generate([{ name: 'commonName', value: 'go.acme.example' }], { keySize: 2048, extensions: [{ name: 'subjectAltName', altNames: [{ type: 2, value: 'go.acme.example' }] }] });
    cert = pems.cert;
    server = createServer({ key: pems.private, cert: pems.cert });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  after(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('is ready when the served certificate is valid for the hostname, not for another name, an untrusted chain or no server', async () => {
    const probe = new HandshakeTlsProvisioner({ host: '127.0.0.1', port, ca: cert, timeoutMs: 2000 });
    expect(await probe.provision('go.acme.example')).to.equal(true);
    expect(await probe.provision('other.example'), 'the name is checked').to.equal(false);
    expect(await new HandshakeTlsProvisioner({ host: '127.0.0.1', port, timeoutMs: 2000 }).provision('go.acme.example'), 'the chain is checked').to.equal(false);
    expect(await new HandshakeTlsProvisioner({ host: '127.0.0.1', port: 9, timeoutMs: 2000 }).provision('go.acme.example')).to.equal(false);
    expect(await new NoTlsProvisioner().provision()).to.equal(false);
    expect(tlsProbeFrom('127.0.0.1:443')).to.deep.equal({ host: '127.0.0.1', port: 443 });
    expect(tlsProbeFrom('[::1]:8443')).to.deep.equal({ host: '::1', port: 8443 });
  });
});
