import { expect } from 'chai';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { INSTALL_STEPS, START_COMMAND } from '../support/production-install.ts';

/**
 * These machines cannot pull base images, so neither the image nor compose.yaml is built here:
 * test/process/production-install.test.ts runs the production install's commands, and this file
 * holds the Dockerfile and compose.yaml to those commands and to what docs/deployment.md says.
 */
const ROOT = join(import.meta.dirname, '..', '..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

describe('the Dockerfile and compose.yaml', () => {
  const dockerfile = read('Dockerfile');
  const instructions = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'));

  it('builds on Node 24 slim in two stages with the production install, in its order', () => {
    expect(instructions.filter((line) => line.startsWith('FROM '))).to.deep.equal(['FROM node:24-slim AS build', 'FROM node:24-slim']);
    const run = instructions.find((line) => line.startsWith('RUN npm ci'))!;
    const positions = INSTALL_STEPS.map((step) => run.indexOf(`npm ${step.join(' ')}`));
    expect(positions.every((at) => at >= 0), run).to.equal(true);
    expect([...positions].sort((a, b) => a - b)).to.deep.equal(positions);
    expect(instructions.at(-1)).to.equal(`CMD ${JSON.stringify(START_COMMAND).replace(/,/g, ', ')}`);
  });

  it('runs as a non-root user with a data directory of its own, and checks /health', () => {
    const user = instructions.filter((line) => line.startsWith('USER '));
    expect(user).to.deep.equal(['USER node']);
    expect(instructions.findIndex((line) => line.startsWith('USER '))).to.be.below(instructions.findIndex((line) => line.startsWith('CMD ')));
    expect(dockerfile).to.match(/TUMA_DATA_DIR=\/var\/lib\/tuma/).and.match(/chown node:node \/var\/lib\/tuma/);
    expect(instructions.find((line) => line.startsWith('HEALTHCHECK '))).to.contain("/health'");
  });

  it('composes PostgreSQL 15 with an api and a worker process of the image, the secrets from .env', () => {
    const compose = read('compose.yaml');
    expect(compose).to.match(/\n {2}db:\n {4}image: postgres:15\n/);
    for (const role of ['api', 'worker']) {
      expect(compose, role).to.match(new RegExp(`\\n  ${role}:\\n    <<: \\*tuma\\n    environment:\\n      TUMA_ROLE: ${role}\\n      DATABASE_URL: postgres://`));
    }
    expect(compose).to.match(/\n {2}build: \.\n/).and.match(/\n {2}env_file: \.env\n/);
    expect(read('.gitignore').split('\n'), 'the secrets file is never committed').to.include('.env');
    expect(read('.dockerignore').split('\n')).to.include.members(['.git', 'node_modules', '.env', '.data']);
  });
});
