// Which files the service worker caches first (scripts/sw-first.ts): the login's and the signed-in
// path's module graph, read from the build's chunk graph.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { firstSet } from '../../scripts/sw-first';

const src = (file: string) => path.join(process.cwd(), 'src/client', file);
const chunk = (fileName: string, extra: { facade?: string; entry?: boolean; imports?: string[]; dynamic?: string[]; css?: string[] } = {}) => ({
  type: 'chunk' as const,
  fileName,
  isEntry: extra.entry ?? false,
  facadeModuleId: extra.facade ? src(extra.facade) : null,
  imports: extra.imports ?? [],
  dynamicImports: extra.dynamic ?? [],
  viteMetadata: { importedCss: new Set(extra.css ?? []) },
});

const build = [
  chunk('assets/index-a.js', { entry: true, imports: ['assets/boot-b.js'], dynamic: ['assets/Login-c.js', 'assets/Terms-d.js'], css: ['assets/index-e.css'] }),
  chunk('assets/boot-b.js'),
  chunk('assets/Login-c.js', { facade: 'pages/Login.tsx', imports: ['assets/input-f.js'], dynamic: ['assets/warmup-g.js'] }),
  chunk('assets/Terms-d.js', { facade: 'pages/Terms.tsx' }),
  chunk('assets/input-f.js'),
  chunk('assets/warmup-g.js', { facade: 'warmup.ts', dynamic: ['assets/PrivateApp-h.js', 'assets/resourcePages-i.js'] }),
  chunk('assets/PrivateApp-h.js', { facade: 'PrivateApp.tsx', imports: ['assets/table-j.js'], dynamic: ['assets/Settings-k.js'], css: ['assets/print-l.css'] }),
  chunk('assets/resourcePages-i.js', { facade: 'engine/resourcePages.tsx', imports: ['assets/table-j.js'], dynamic: ['assets/FormPage-m.js'] }),
  chunk('assets/table-j.js'),
  chunk('assets/Settings-k.js', { facade: 'pages/Settings.tsx' }),
  chunk('assets/FormPage-m.js', { facade: 'engine/FormPage.tsx' }),
];

describe('the first set', () => {
  const first = firstSet(build);
  it.each([
    ['index.html, the navigation fallback', 'index.html', true],
    ['the entry and what it imports', 'assets/boot-b.js', true],
    ["the entry's styles", 'assets/index-e.css', true],
    ['the login page and its imports', 'assets/input-f.js', true],
    ['the warmup', 'assets/warmup-g.js', true],
    ["what the warmup imports, with theirs and their styles", 'assets/print-l.css', true],
    ['a chunk two of them share', 'assets/table-j.js', true],
    ['a screen the entry loads later', 'assets/Terms-d.js', false],
    ["a screen the signed-in code loads later", 'assets/Settings-k.js', false],
    ['a page kind loaded when first opened', 'assets/FormPage-m.js', false],
  ])('%s', (_what, file, expected) => {
    expect(first.has(file)).toBe(expected);
  });

  it.each(['assets/warmup-g.js', 'assets/Login-c.js'])('a build without %s is refused (its roots were renamed or merged)', (file) => {
    expect(() => firstSet(build.filter((c) => c.fileName !== file))).toThrow(/chunk is missing/);
  });
});
