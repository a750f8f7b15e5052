/**
 * The mocha configuration both suites share (.mocharc.cjs: everything on embedded PGlite;
 * .mocharc.db.cjs: the database suites, on the PostgreSQL of DATABASE_URL). Files run in parallel
 * worker processes, each file with a database of its own (test/support/test-database.ts). Files
 * named on the command line run instead of the suite's list (mocha would otherwise run both), e.g.
 * `npm test -- 'packages/mail/test/**' 'test/http/mail-*.test.ts'`. TEST_JOBS overrides a suite's
 * number of workers.
 */
const namesFiles = process.argv.slice(2).some((arg) => !arg.startsWith('-') && /\.test\.ts$|\/\*\*|\*\.ts$|\/test\/?$/.test(arg));

module.exports = function mochaConfig(spec, ignore = [], { jobs = 2 } = {}) {
  return {
    'node-option': ['conditions=tuma-source', 'import=tsx'],
    require: ['test/support/suite-hooks.ts'],
    spec: namesFiles ? [] : spec,
    ignore: namesFiles ? [] : ignore,
    extension: ['ts'],
    parallel: true,
    jobs: Number(process.env.TEST_JOBS) || jobs,
    timeout: 30000,
    exit: true,
  };
};
