/**
 * Gets a verified domain its certificate and says whether one is served for it now (`tls_ready`).
 * With Caddy's on-demand TLS (docs/links.md, "TLS"), the certificate is issued at the first TLS
 * handshake that our ask endpoint allows; the adapter makes that handshake and checks what it got.
 */
export interface TlsProvisioner {
  provision(hostname: string): Promise<boolean>;
}
