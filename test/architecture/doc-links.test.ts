import { expect } from 'chai';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const root = join(import.meta.dirname, '..', '..');

const markdownFiles = (): string[] => [
  ...['README.md', 'CONTRIBUTING.md', 'SECURITY.md', 'CHANGELOG.md'].map((name) => join(root, name)),
  ...readdirSync(join(root, 'docs'), { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.md'))
    .map((name) => join(root, 'docs', name)),
];

/** Relative link targets of a markdown file: `[text](target)`, without web links and anchors. */
const relativeLinks = (source: string): string[] =>
  [...source.matchAll(/\]\(([^)\s]+)\)/g)]
    .map((match) => match[1]!.split('#')[0]!)
    .filter((target) => target !== '' && !/^[a-z]+:/i.test(target));

describe('architecture: the repository is self-contained', () => {
  it('links from README.md, the other root documents and docs/ only to files that exist inside the repository', () => {
    const files = markdownFiles();
    expect(files.length).to.be.greaterThan(10);
    const broken = files.flatMap((file) =>
      relativeLinks(readFileSync(file, 'utf8'))
        .map((target) => ({ from: relative(root, file), target, path: resolve(dirname(file), target) }))
        .filter(({ path }) => relative(root, path).startsWith('..') || !existsSync(path))
        .map(({ from, target }) => `${from} -> ${target}`),
    );
    expect(broken).to.deep.equal([]);
  });
});
