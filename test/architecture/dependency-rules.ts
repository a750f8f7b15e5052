/** The dependency rules of ARCHITECTURE.md, as a checker over source files. */

/** Which @tuma packages each domain package may import (the DAG). */
export const DOMAIN_DAG: Record<string, readonly string[]> = {
  kernel: [],
  billing: ['kernel'],
  /** The outbound-webhook engine (and inbound signature checks): product-neutral, so every product may use it. */
  webhooks: ['kernel'],
  accounts: ['kernel', 'billing'],
  /** Request rate limits: per key (the account's override, set by the operator) and per client address. */
  'rate-limits': ['kernel', 'accounts'],
  /** Idempotency-Key: the keys' records, and the claim a use case holds and answers in its own unit of work. */
  idempotency: ['kernel'],
  /** Mail: domains (DKIM keys, DNS checks), emails and the transport's ports; Idempotency-Key on sends; its webhooks on the one engine; billing once its sends are charged. */
  mail: ['kernel', 'billing', 'idempotency', 'webhooks'],
  /** Links: click webhooks on the one engine; short links sent by SMS through messaging's send path, billed to billing's wallets, their Idempotency-Key answers kept with the SMS. */
  links: ['kernel', 'billing', 'webhooks', 'messaging', 'idempotency'],
  messaging: ['kernel', 'billing', 'webhooks', 'idempotency'],
  verification: ['kernel', 'billing', 'messaging', 'idempotency'],
  'two-way': ['kernel', 'billing', 'messaging'],
  /** Users, sessions and teams; accounts' Email and token hashing, and accounts opened through a port onto its CreateAccount. */
  identity: ['kernel', 'accounts'],
  /** Plans and subscriptions of mail and links: charged to billing's wallets; identity reads its team cap through a port of its own. */
  subscriptions: ['kernel', 'billing'],
};

const FRAMEWORKS = [/^@mikro-orm\//, /^pg-boss$/, /^pg$/, /^kysely$/, /^koa$/, /^@koa\//, /^inversify$/, /^@electric-sql\//];
const IO_MODULES = ['fs', 'fs/promises', 'net', 'http', 'https', 'http2', 'dns', 'dns/promises', 'child_process', 'tls', 'dgram', 'cluster', 'worker_threads', 'readline'];

/** Crypto in a domain package is WebCrypto (async) or the kernel's one synchronous `Digests` port (docs/architecture.md, "Crypto in domain code"). */
const NODE_CRYPTO_RULE = "node:crypto in a domain package: use the kernel's Digests or WebCrypto";
const BUFFER_RULE = "Buffer in a domain package: use Uint8Array and the kernel's byte helpers";

/** `Buffer` named in code (not in a comment, not as part of ArrayBuffer or clickBuffer). */
const BUFFER = /(?<![\w$.])Buffer\b/;
export const withoutComments = (source: string): string => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:\\])\/\/.*$/gm, '$1');

const IMPORT = /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*\(?\s*['"]([^'"]+)['"]/gm;

export function importsOf(source: string): string[] {
  return [...source.matchAll(IMPORT)].map((match) => (match[1] ?? match[2])!);
}

export interface Violation {
  readonly file: string;
  readonly specifier: string;
  readonly rule: string;
}

/** The entry points a package exports besides its main face. */
const PUBLIC_SUBPATHS = ['/testing', '/testing/contracts'];

/** The layer of a domain package's source file (`packages/<p>/src/<layer>/...`), if it is in one. */
const sourceLayer = (path: string): string | undefined => /^packages\/[^/]+\/src\/(domain|application|testing)\//.exec(path)?.[1];

/** Where a relative specifier of `file` points, relative to the repository root. */
export function resolveRelative(file: string, specifier: string): string {
  const parts = file.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

/** What a client's sources (clients/<c>/src) may import besides their own files: they run in any JavaScript runtime and know Tuma only through its documents. */
const CLIENT_IMPORTS = ['openapi-fetch', 'openapi-typescript-helpers'];
const CLIENT_RULE = 'a client imports only its own files, openapi-fetch and openapi-typescript-helpers';

/** `file` is relative to the repository root, e.g. `packages/billing/src/wallet.ts`. */
export function checkFile(file: string, source: string): Violation[] {
  const owner = /^packages\/([^/]+)\//.exec(file)?.[1];
  const adapter = /^adapters\/([^/]+)\/src\//.exec(file)?.[1];
  const layer = file.split('/')[0];
  const violations: Violation[] = [];
  const domainSource = /^packages\/[^/]+\/src\//.test(file);
  if (domainSource && BUFFER.test(withoutComments(source))) violations.push({ file, specifier: 'Buffer', rule: BUFFER_RULE });
  const clientSource = /^clients\/[^/]+\/src\//.test(file);
  if (clientSource && BUFFER.test(withoutComments(source))) violations.push({ file, specifier: 'Buffer', rule: CLIENT_RULE });
  for (const specifier of importsOf(source)) {
    if (clientSource && !specifier.startsWith('.') && !CLIENT_IMPORTS.includes(specifier)) violations.push({ file, specifier, rule: CLIENT_RULE });
    const tuma = /^@tuma\/([^/]+)(\/.*)?$/.exec(specifier);
    if (tuma && tuma[2] && !PUBLIC_SUBPATHS.includes(tuma[2])) violations.push({ file, specifier, rule: 'deep import into another package' });
    if (layer === 'adapters' && tuma && ['server', 'cli'].includes(tuma[1]!)) violations.push({ file, specifier, rule: 'adapters must not import apps' });
    if (adapter && tuma && tuma[1]!.endsWith('-adapter') && tuma[1] !== `${adapter}-adapter`) {
      violations.push({ file, specifier, rule: 'an adapter must not import another adapter' });
    }
    const from = sourceLayer(file);
    if (from && specifier.startsWith('.')) {
      const to = sourceLayer(resolveRelative(file, specifier));
      if (from === 'domain' && (to === 'application' || to === 'testing')) violations.push({ file, specifier, rule: `a domain file must not import ${to}` });
      if (from === 'application' && to === 'testing') violations.push({ file, specifier, rule: 'an application file must not import testing' });
    }
    if (!owner) continue;
    if (FRAMEWORKS.some((pattern) => pattern.test(specifier))) violations.push({ file, specifier, rule: 'framework import in a domain package' });
    const bare = specifier.replace(/^node:/, '');
    if ((specifier.startsWith('node:') || IO_MODULES.includes(bare)) && IO_MODULES.includes(bare)) {
      violations.push({ file, specifier, rule: 'I/O module in a domain package' });
    }
    if (domainSource && (specifier === 'node:crypto' || specifier === 'crypto')) violations.push({ file, specifier, rule: NODE_CRYPTO_RULE });
    if (tuma && tuma[1] !== owner) {
      const allowed = DOMAIN_DAG[owner];
      if (!allowed) violations.push({ file, specifier, rule: `package ${owner} is not in the DAG` });
      else if (!allowed.includes(tuma[1]!)) violations.push({ file, specifier, rule: `${owner} may not depend on ${tuma[1]}` });
    }
  }
  return violations;
}
