import { connect } from 'node:tls';
import type { TlsProvisioner } from '@tuma/links';

export interface HandshakeTlsProvisionerOptions {
  /** The TLS terminator to ask (`LINKS_TLS_PROBE`: Caddy's `host:port`, e.g. `127.0.0.1:443`), whatever the hostname's DNS says yet. */
  readonly host: string;
  readonly port: number;
  /** An on-demand certificate is issued during the first handshake: allow it time (default 30 s). */
  readonly timeoutMs?: number;
  /** Trusted CAs instead of the system's (tests). */
  readonly ca?: string | Buffer;
}

/**
 * `tls_ready` by a real handshake (docs/links.md, "TLS"): a TLS connection to the terminator with
 * the hostname as SNI; ready when the certificate it serves is valid for the hostname (chain and
 * name checked). With Caddy's on-demand TLS this first handshake is what gets the certificate issued
 * (after our ask endpoint allowed it); nothing is sent over the connection.
 */
export class HandshakeTlsProvisioner implements TlsProvisioner {
  constructor(private readonly options: HandshakeTlsProvisionerOptions) {}

  provision(hostname: string): Promise<boolean> {
    const { host, port, timeoutMs = 30_000, ca } = this.options;
    return new Promise((resolve) => {
      const socket = connect({ host, port, servername: hostname, ca, rejectUnauthorized: true, ALPNProtocols: ['http/1.1'] });
      const done = (ready: boolean) => {
        socket.destroy();
        resolve(ready);
      };
      socket.setTimeout(timeoutMs, () => done(false));
      socket.once('secureConnect', () => done(socket.authorized));
      socket.once('error', () => done(false));
    });
  }
}

/** No TLS terminator configured (`LINKS_TLS_PROBE` unset): no certificate is known to be served, so `tls_ready` stays false. */
export class NoTlsProvisioner implements TlsProvisioner {
  async provision(): Promise<boolean> {
    return false;
  }
}

/** `LINKS_TLS_PROBE=host:port` (IPv6 as `[ip]:port`). */
export function tlsProbeFrom(value: string): { host: string; port: number } {
  const match = /^\[?([^\]]+?)\]?:(\d{1,5})$/.exec(value.trim());
  if (!match) throw new Error(`LINKS_TLS_PROBE must be host:port, not ${value}`);
  return { host: match[1]!, port: Number(match[2]) };
}
