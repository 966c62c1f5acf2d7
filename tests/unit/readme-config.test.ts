// The README's configuration table names every environment variable the server reads, and only
// those: a variable added to src/server/config.ts (or read elsewhere under src/) without a row, or a
// row left after its variable went, fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

function sources(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return sources(rel);
    return /\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

/** `env.NAME` and `process.env.NAME` in the server's and shared sources. */
function variablesRead(): Set<string> {
  const names = new Set<string>();
  for (const file of [...sources('src/server'), ...sources('src/shared')]) {
    for (const m of fs.readFileSync(path.join(root, file), 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]+)\b/g)) names.add(m[1]);
  }
  return names;
}

function configurationTable(): Set<string> {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split(/^## /m).find((s) => s.startsWith('Configure it'));
  if (!section) throw new Error('README.md has no "Configure it" section');
  const names = new Set<string>();
  for (const row of section.split('\n').filter((l) => l.startsWith('| `'))) {
    const first = row.split('|')[1];
    for (const m of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) names.add(m[1]);
  }
  return names;
}

describe('the README configuration table', () => {
  it('names every environment variable the server reads', () => {
    const read = variablesRead();
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((n) => !configurationTable().has(n)).sort()).toEqual([]);
  });

  it('names no variable the server no longer reads', () => {
    const read = variablesRead();
    expect([...configurationTable()].filter((n) => !read.has(n)).sort()).toEqual([]);
  });
});
