// npm test: the whole suite on embedded PGlite. The longest files are listed first, so that the
// parallel workers end together (see docs/testing.md).
module.exports = require('./test/support/mocha-config.cjs')([
  'test/browser/**/*.test.ts',
  'test/process/**/*.test.ts',
  'test/http/**/*.test.ts',
  'apps/*/test/**/*.test.ts',
  'adapters/*/test/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'clients/*/test/**/*.test.ts',
  'test/architecture/**/*.test.ts',
  'test/data/**/*.test.ts',
]);
