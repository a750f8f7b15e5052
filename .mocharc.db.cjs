// npm run test:db: the suites that touch the database, on the PostgreSQL of DATABASE_URL.
module.exports = require('./test/support/mocha-config.cjs')([
  'test/process/**/*.test.ts',
  'test/http/**/*.test.ts',
  'apps/*/test/**/*.test.ts',
  'adapters/*/test/**/*.test.ts',
]);
