import { expect } from 'chai';
import { Database } from '../../src/index.ts';
import { mikroOrmClientUrl } from '../../src/database/client-url.ts';
import { databaseKind } from '../../../../test/support/test-database.ts';

describe('the database URL given to MikroORM', () => {
  it("moves libpq's ?host=/socket/dir into the host, percent-encoded, keeping the rest", () => {
    expect(mikroOrmClientUrl('postgres://tuma:s3cret@localhost:5433/tuma?host=/var/run/postgresql&sslmode=disable')).to.equal(
      'postgres://tuma:s3cret@%2Fvar%2Frun%2Fpostgresql:5433/tuma?sslmode=disable',
    );
    expect(mikroOrmClientUrl('postgresql://tuma@localhost/tuma?host=/tmp')).to.equal('postgresql://tuma@%2Ftmp/tuma');
  });

  it('leaves every other URL as given', () => {
    for (const url of ['postgres://tuma@127.0.0.1:5432/tuma', 'postgres://tuma@db.internal/tuma?sslmode=require', 'postgres://tuma@localhost/tuma?host=db.internal']) {
      expect(mikroOrmClientUrl(url)).to.equal(url);
    }
  });

  it('connects through the Unix socket that ?host= names (PostgreSQL)', async function () {
    if (databaseKind() !== 'postgresql') {
      this.test!.title += ' [skipped: needs PostgreSQL (DATABASE_URL)]';
      this.skip();
    }
    const tcp = await Database.open({ url: process.env.DATABASE_URL!, dataDir: 'memory://' });
    const [settings] = await tcp.withContext(() => tcp.em.execute<{ dirs: string }[]>(`select current_setting('unix_socket_directories') as dirs`));
    await tcp.close();
    const socketDir = settings!.dirs.split(',')[0]!.trim();
    const url = new URL(process.env.DATABASE_URL!);
    url.searchParams.set('host', socketDir);
    const local = await Database.open({ url: url.toString(), dataDir: 'memory://' });
    try {
      const [row] = await local.withContext(() => local.em.execute<{ address: string | null }[]>('select inet_client_addr()::text as address'));
      expect(row!.address, 'a Unix socket has no client address').to.equal(null);
    } finally {
      await local.close();
    }
  });
});
