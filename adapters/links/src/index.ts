export { BowserVisitorProfiler } from './bowser-visitor-profiler.ts';
export { GeoipCountryLookup } from './geoip-country-lookup.ts';
export { SaltedVisitorKeys } from './salted-visitor-keys.ts';
export { readBlockedHosts } from './blocked-hosts-file.ts';
export { QrcodeRenderer } from './qrcode-renderer.ts';
export { HandshakeTlsProvisioner, NoTlsProvisioner, tlsProbeFrom, type HandshakeTlsProvisionerOptions } from './handshake-tls-provisioner.ts';
