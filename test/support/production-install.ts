/**
 * The production install's npm commands, in order: what the Dockerfile runs and what
 * test/process/production-install.test.ts runs on a copy of the checkout (test/architecture/deployment-files.test.ts
 * holds the Dockerfile to them).
 */
export const INSTALL_STEPS = [
  ['ci', '--no-audit', '--no-fund'],
  ['run', 'build'],
  ['prune', '--omit=dev', '--no-audit', '--no-fund'],
] as const;

/** How the image starts the server. */
export const START_COMMAND = ['npm', 'run', 'start:prod'] as const;
