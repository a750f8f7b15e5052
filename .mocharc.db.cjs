// npm run test:db: the suites that touch the database, on the PostgreSQL of DATABASE_URL.
// The files that never use the suite's database (an embedded one of their own, a private cluster,
// the packed packages) are left out: they ran as they would here in npm test's leg. Three workers on
// two cores: this leg waits on PostgreSQL and on the processes its files start more than it computes.
module.exports = require('./test/support/mocha-config.cjs')(
  ['test/process/**/*.test.ts', 'test/http/**/*.test.ts', 'apps/*/test/**/*.test.ts', 'adapters/*/test/**/*.test.ts'],
  [
    'test/process/embedded-lock.test.ts',
    'test/process/embed-example.test.ts',
    'test/process/sdk-example.test.ts',
    'test/process/private-postgres.test.ts',
    'test/process/production-install.test.ts',
    'test/process/database-outage.test.ts',
    'test/process/smpp-outage.test.ts',
    'test/http/platform/database-outage.test.ts',
  ],
  { jobs: 3 },
);
