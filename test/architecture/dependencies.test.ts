import { expect } from 'chai';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkFile, DOMAIN_DAG, importsOf } from './dependency-rules.ts';
import { checkRooms } from './room-rules.ts';

const root = join(import.meta.dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (name === 'node_modules' || name === 'dist') return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : name.endsWith('.ts') ? [path] : [];
  });
}

describe('architecture: dependency rules', () => {
  it('holds for every file of packages/, adapters/ and clients/', () => {
    const files = ['packages', 'adapters', 'clients'].flatMap((top) => sourceFiles(join(root, top)));
    expect(files.length).to.be.greaterThan(20);
    const violations = files.flatMap((file) => checkFile(relative(root, file), readFileSync(file, 'utf8')));
    expect(violations).to.deep.equal([]);
  });

  it('keeps every product room of adapters/ and apps/ to its product (room-rules.ts)', () => {
    const files = ['adapters', 'apps'].flatMap((top) => sourceFiles(join(root, top)));
    const violations = files.flatMap((file) => checkRooms(relative(root, file), importsOf(readFileSync(file, 'utf8'))));
    expect(violations).to.deep.equal([]);
  });

  it("catches a room importing another product's room or package, and a shared room importing a product's", () => {
    const rules = (file: string, source: string) => checkRooms(file, importsOf(source)).map((v) => v.rule);
    expect(rules('adapters/koa/src/apis/mail/a.ts', "import { x } from '../links/views.ts';")).to.deep.equal(['the room mail must not import the room links']);
    expect(rules('adapters/koa/src/console/sms/a.ts', "import { x } from '../../apis/mail/views.ts';")).to.deep.equal(['the room sms must not import the room mail']);
    expect(rules('adapters/koa/src/apis/mail/a.ts', "import { Link } from '@tuma/links';")).to.deep.equal(['the room mail must not import @tuma/links']);
    expect(rules('adapters/koa/src/http/a.ts', "import { x } from '../apis/sms/views.ts';")).to.deep.equal(['the shared room http must not import the product room sms']);
    expect(rules('adapters/koa/src/console/sms/a.ts', "import { x } from '../../apis/sms/views.ts';\nimport { y } from '../layout/table.ts';\nimport { z } from '../../http/route.ts';")).to.deep.equal([]);
    expect(rules('adapters/koa/src/apis/sms/a.ts', "import { x } from '../webhooks/views.ts';\nimport { Wallet } from '@tuma/billing';")).to.deep.equal([]);
    expect(rules('adapters/koa/src/apis/admin/a.ts', "import { x } from '../mail/views.ts';")).to.deep.equal([]);
    expect(rules('adapters/koa/src/index.ts', "import { x } from './apis/mail/routes.ts';")).to.deep.equal([]);
    expect(rules('adapters/mikro-orm/src/links/a.ts', "import { x } from '../mail/rows.ts';\nimport { y } from '../database/counted-recordset.ts';")).to.deep.equal(['the room links must not import the room mail']);
    expect(rules('adapters/mikro-orm/src/database/a.ts', "import { x } from '../billing/wallet-sql.ts';")).to.deep.equal(['the shared room database must not import the product room billing']);
    expect(rules('apps/server/src/modules/mail/a.ts', "import { x } from '../links/links.module.ts';")).to.deep.equal(['the room mail must not import the room links']);
    expect(rules('apps/server/src/modules/mail/a.ts', "import { Identity } from '@tuma/identity';\nimport { x } from '../../config.ts';")).to.deep.equal([]);
  });

  it('knows every domain package that exists', () => {
    const packages = readdirSync(join(root, 'packages'));
    for (const name of packages) expect(DOMAIN_DAG, name).to.have.property(name);
  });

  it('catches a domain package importing a framework, an I/O module or a package outside the DAG', () => {
    const rules = (file: string, source: string) => checkFile(file, source).map((v) => v.rule);
    expect(rules('packages/billing/src/a.ts', "import { EntityManager } from '@mikro-orm/core';")).to.deep.equal(['framework import in a domain package']);
    expect(rules('packages/billing/src/a.ts', "import PgBoss from 'pg-boss';")).to.have.length(1);
    expect(rules('packages/billing/src/a.ts', "import Koa from 'koa';")).to.have.length(1);
    expect(rules('packages/billing/src/a.ts', "import { Container } from 'inversify';")).to.have.length(1);
    expect(rules('packages/billing/src/a.ts', "import { readFile } from 'node:fs/promises';")).to.deep.equal(['I/O module in a domain package']);
    expect(rules('packages/billing/src/a.ts', "import http from 'http';")).to.deep.equal(['I/O module in a domain package']);
    expect(rules('packages/kernel/src/a.ts', "import { Wallet } from '@tuma/billing';")).to.deep.equal(['kernel may not depend on billing']);
    expect(rules('packages/billing/src/a.ts', "import { send } from '@tuma/messaging';")).to.deep.equal(['billing may not depend on messaging']);
    expect(rules('packages/messaging/src/a.ts', "import { Money } from '@tuma/kernel';")).to.deep.equal([]);
    expect(rules('packages/messaging/src/a.ts', "import { x } from '@tuma/kernel/src/domain/money.ts';")).to.deep.equal(['deep import into another package']);
    expect(rules('adapters/koa/src/a.ts', "import { TumaServer } from '@tuma/server';")).to.deep.equal(['adapters must not import apps']);
    expect(rules('adapters/koa/src/a.ts', "import Koa from 'koa';")).to.deep.equal([]);
    expect(rules('packages/messaging/src/a.ts', "import { x } from '@tuma/kernel/testing/contracts';")).to.deep.equal([]);
  });

  it("catches node:crypto and Buffer in a domain package's sources (crypto is WebCrypto or the kernel's Digests), not in its tests or adapters", () => {
    const rules = (file: string, source: string) => checkFile(file, source).map((v) => v.rule);
    const crypto = "node:crypto in a domain package: use the kernel's Digests or WebCrypto";
    const buffer = "Buffer in a domain package: use Uint8Array and the kernel's byte helpers";
    expect(rules('packages/mail/src/a.ts', "import { createHmac } from 'node:crypto';")).to.deep.equal([crypto]);
    expect(rules('packages/mail/src/testing/a.ts', "import { randomInt } from 'crypto';")).to.deep.equal([crypto]);
    expect(rules('packages/mail/src/a.ts', "const joined = Buffer.concat([a, b]);")).to.deep.equal([buffer]);
    expect(rules('packages/mail/src/a.ts', 'export const key: () => Buffer = () => k;')).to.deep.equal([buffer]);
    expect(rules('packages/mail/src/a.ts', "// unlike Buffer.from, strict\nconst bytes = new Uint8Array(new ArrayBuffer(8));\n/** not a Buffer */ const clickBuffer = 1;")).to.deep.equal([]);
    expect(rules('packages/mail/test/a.test.ts', "import { createHmac } from 'node:crypto';\nconst key = Buffer.alloc(32);")).to.deep.equal([]);
    expect(rules('adapters/crypto/src/a.ts', "import { createHmac } from 'node:crypto';\nconst key = Buffer.from(k);")).to.deep.equal([]);
  });

  it('catches an adapter importing another adapter, and a domain file importing application or testing code', () => {
    const rules = (file: string, source: string) => checkFile(file, source).map((v) => v.rule);
    expect(rules('adapters/koa/src/a.ts', "import { Database } from '@tuma/mikro-orm-adapter';")).to.deep.equal(['an adapter must not import another adapter']);
    expect(rules('adapters/koa/src/a.ts', "import { x } from '@tuma/koa-adapter';")).to.deep.equal([]);
    expect(rules('adapters/koa/test/a.test.ts', "import { Database } from '@tuma/mikro-orm-adapter';")).to.deep.equal([]);
    expect(rules('packages/messaging/src/domain/a/b.ts', "import type { P } from '../../application/a/p.port.ts';")).to.deep.equal(['a domain file must not import application']);
    expect(rules('packages/messaging/src/domain/a/b.ts', "import { F } from '../../testing/f.ts';")).to.deep.equal(['a domain file must not import testing']);
    expect(rules('packages/messaging/src/application/a/b.ts', "import { F } from '../../testing/f.ts';")).to.deep.equal(['an application file must not import testing']);
    expect(rules('packages/messaging/src/application/a/b.ts', "import { M } from '../../domain/a/m.ts';")).to.deep.equal([]);
    expect(rules('packages/messaging/src/testing/f.ts', "import { P } from '../application/a/p.port.ts';")).to.deep.equal([]);
  });

  it("keeps SMS inbound off payments: its push authenticator and route check signatures with @tuma/webhooks, not the payments adapter or billing's top-up errors", () => {
    const inbound = ['apps/server/src/modules/messaging/inbound-push-authenticator.ts', 'apps/server/src/modules/messaging/inbound.module.ts', 'adapters/koa/src/apis/sms/inbound.routes.ts'];
    for (const file of inbound) {
      const imports = importsOf(readFileSync(join(root, file), 'utf8'));
      expect(imports.filter((specifier) => ['@tuma/payments-adapter', '@tuma/billing'].includes(specifier)), file).to.deep.equal([]);
    }
    expect(importsOf(readFileSync(join(root, inbound[0]!), 'utf8'))).to.include('@tuma/webhooks');
  });

  it('keeps a client (clients/*/src) to its own files and openapi-fetch: no @tuma package, no Node module, no Buffer', () => {
    const rules = (file: string, source: string) => checkFile(file, source).map((v) => v.rule);
    const rule = 'a client imports only its own files, openapi-fetch and openapi-typescript-helpers';
    expect(rules('clients/sdk/src/a.ts', "import createClient from 'openapi-fetch';\nimport type { paths } from './generated/sms.ts';")).to.deep.equal([]);
    expect(rules('clients/sdk/src/a.ts', "import { Money } from '@tuma/kernel';")).to.deep.equal([rule]);
    expect(rules('clients/sdk/src/a.ts', "import { createHmac } from 'node:crypto';")).to.deep.equal([rule]);
    expect(rules('clients/sdk/src/a.ts', 'const bytes = Buffer.from(body);')).to.deep.equal([rule]);
    expect(rules('clients/sdk/test/a.test.ts', "import { createHmac } from 'node:crypto';")).to.deep.equal([]);
  });

  it('reads static, re-export and dynamic imports', () => {
    expect(importsOf("import a from 'a';\nexport { b } from 'b';\nconst c = await import('c');\nimport 'd';")).to.deep.equal(['a', 'b', 'c', 'd']);
  });
});
