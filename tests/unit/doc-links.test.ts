// The Markdown of the repository (README.md, docs/, bench/RESULTS.md) links to itself and to the
// code: every link must reach a file that exists and, with #anchor, a heading of that file; every
// repository path named in a code span must exist too. A renamed file or heading fails here.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** GitHub's anchor of a heading: its text, lower case, without punctuation, spaces as hyphens. */
function slug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`/g, '')
    .replace(/(\*\*|__)(.*?)\1/g, '$2');
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');
}

/** The lines, those of fenced code blocks blanked (so line numbers stay the file's). */
function prose(text: string): string[] {
  let fence: string | null = null;
  return text.split('\n').map((line) => {
    const mark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (mark && (!fence || fence === mark)) {
      fence = fence ? null : mark;
      return '';
    }
    return fence ? '' : line;
  });
}

function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const line of prose(text)) {
    const m = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (!m) continue;
    const base = slug(m[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n ? `${base}-${n}` : base);
  }
  return anchors;
}

interface Link {
  target: string;
  line: number;
  kind: 'link' | 'code';
}

const REPO_PATH = /^(src|tests|resources|scripts|bench|locales|docs)\/[\w./-]*$/;
/** Written by a run, never committed (.gitignore): named in the docs, absent from a clone. */
const NOT_COMMITTED = /^bench\/results\//;

function linksOf(text: string): Link[] {
  const links: Link[] = [];
  prose(text).forEach((line, i) => {
    const code = [...line.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
    for (const span of code) if (REPO_PATH.test(span) && !NOT_COMMITTED.test(span) && !span.includes('..')) links.push({ target: span, line: i + 1, kind: 'code' });
    const bare = line.replace(/`[^`]*`/g, '');
    for (const m of bare.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) links.push({ target: m[1], line: i + 1, kind: 'link' });
    const ref = /^\s*\[[^\]]+\]:\s*<?(\S+?)>?(\s|$)/.exec(bare);
    if (ref) links.push({ target: ref[1], line: i + 1, kind: 'link' });
  });
  return links;
}

/** What is wrong with the links of `files` (repository-relative paths), one line each. */
function brokenLinks(files: Record<string, string>, exists: (repoPath: string) => boolean, read: (repoPath: string) => string | undefined): string[] {
  const problems: string[] = [];
  for (const [file, text] of Object.entries(files)) {
    for (const link of linksOf(text)) {
      const where = `${file}:${link.line}: ${link.target}`;
      if (/^[a-z][a-z+.-]*:/i.test(link.target)) continue; // https:, mailto:: outside the repository
      const [rawPath, anchor] = link.target.split('#', 2);
      const decoded = decodeURIComponent(rawPath);
      const target = link.kind === 'code' ? decoded.replace(/\/$/, '') : decoded ? path.posix.normalize(path.posix.join(path.posix.dirname(file), decoded)).replace(/\/$/, '') : file;
      if (target.startsWith('..') || path.posix.isAbsolute(target)) {
        problems.push(`${where}: outside the repository`);
        continue;
      }
      if (!exists(target)) {
        problems.push(`${where}: no such file`);
        continue;
      }
      if (anchor === undefined) continue;
      const body = target.endsWith('.md') ? read(target) : undefined;
      if (body === undefined) problems.push(`${where}: an anchor into a file that is not Markdown`);
      else if (!anchorsOf(body).has(anchor)) problems.push(`${where}: no heading with this anchor`);
    }
  }
  return problems;
}

function markdownFiles(): string[] {
  const found = ['README.md', 'bench/RESULTS.md'];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.md')) found.push(rel);
    }
  };
  walk('docs');
  return found;
}

describe('links in the Markdown files', () => {
  it('reach files and headings that exist', () => {
    const files = Object.fromEntries(markdownFiles().map((f) => [f, fs.readFileSync(path.join(root, f), 'utf8')]));
    expect(Object.keys(files)).toEqual(expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/declarations.md', 'docs/operations.md', 'bench/RESULTS.md']));
    const exists = (p: string) => fs.existsSync(path.join(root, p));
    const read = (p: string) => (exists(p) ? fs.readFileSync(path.join(root, p), 'utf8') : undefined);
    expect(brokenLinks(files, exists, read)).toEqual([]);
  });

  it('every file of docs/ is reached from the README or from another doc', () => {
    const files = markdownFiles();
    const linked = new Set<string>();
    for (const file of files) {
      for (const link of linksOf(fs.readFileSync(path.join(root, file), 'utf8'))) {
        if (link.kind !== 'link' || /^[a-z]+:/i.test(link.target)) continue;
        const target = link.target.split('#')[0];
        if (target) linked.add(path.posix.normalize(path.posix.join(path.posix.dirname(file), decodeURIComponent(target))));
      }
    }
    expect(files.filter((f) => f.startsWith('docs/') && !linked.has(f))).toEqual([]);
  });
});

describe('the code citing the docs', () => {
  const code = (dir: string): string[] =>
    fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
      const rel = `${dir}/${e.name}`;
      if (e.isDirectory()) return code(rel);
      return /\.tsx?$/.test(e.name) ? [rel] : [];
    });
  const files = ['src', 'resources', 'scripts', 'bench'].flatMap(code);

  it('cites docs/ pages and headings that exist', () => {
    const problems: string[] = [];
    let cited = 0;
    for (const file of files) {
      fs.readFileSync(path.join(root, file), 'utf8').split('\n').forEach((line, i) => {
        for (const m of line.matchAll(/\bdocs\/[\w/-]+\.md(?:#[\w-]+)?/g)) {
          cited++;
          const [target, anchor] = m[0].split('#');
          const where = `${file}:${i + 1}: ${m[0]}`;
          if (!fs.existsSync(path.join(root, target))) problems.push(`${where}: no such file`);
          else if (anchor && !anchorsOf(fs.readFileSync(path.join(root, target), 'utf8')).has(anchor)) problems.push(`${where}: no heading with this anchor`);
        }
      });
    }
    expect(cited).toBeGreaterThan(20);
    expect(problems).toEqual([]);
  });

  it('cites no design document the repository does not hold', () => {
    const cites = files.flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\b(DESIGN|SPEC)\.md\b|README "/.test(line) ? [`${file}:${i + 1}`] : [])),
    );
    expect(cites).toEqual([]);
  });
});

describe('the link check itself', () => {
  const files: Record<string, string> = {
    'README.md': '# Clinic platform\n\n## Run it\n\n## Run it\n',
    'docs/a.md': '# A doc\n\n## What `x` costs (today)\n\n```\n## not a heading\n```\n',
    'src/x.ts': '',
  };
  const exists = (p: string) => p in files || p === 'docs' || p === 'src';
  const read = (p: string) => files[p];
  it.each([
    ['a file beside it', 'docs/b.md', '[A](a.md)', []],
    ['a heading with code and punctuation', 'docs/b.md', '[A](a.md#what-x-costs-today)', []],
    ['the second of two equal headings', 'docs/b.md', '[R](../README.md#run-it-1)', []],
    ['a heading of its own file', 'docs/a.md', '[here](#a-doc)', []],
    ['a repository path', 'docs/b.md', '[x](../src/x.ts)', []],
    ['a path in a code span', 'docs/b.md', 'see `src/x.ts`', []],
    ['an address outside', 'docs/b.md', '[w](https://example.com/missing#x)', []],
    ['a link inside code', 'docs/b.md', '`[x](gone.md)`\n```\n[y](gone.md)\n```', []],
    ['a missing file', 'docs/b.md', '[x](gone.md)', ['docs/b.md:1: gone.md: no such file']],
    ['a missing path in a code span', 'docs/b.md', 'see `src/gone.ts`', ['docs/b.md:1: src/gone.ts: no such file']],
    ['a missing anchor', 'docs/b.md', '[A](a.md#costs)', ['docs/b.md:1: a.md#costs: no heading with this anchor']],
    ['a heading inside a code block', 'docs/b.md', '[A](a.md#not-a-heading)', ['docs/b.md:1: a.md#not-a-heading: no heading with this anchor']],
    ['an anchor into code', 'docs/b.md', '[x](../src/x.ts#L3)', ['docs/b.md:1: ../src/x.ts#L3: an anchor into a file that is not Markdown']],
    ['a path out of the repository', 'docs/b.md', '[x](../../etc/passwd)', ['docs/b.md:1: ../../etc/passwd: outside the repository']],
  ])('%s', (_, file, text, expected) => {
    expect(brokenLinks({ [file]: text }, exists, read)).toEqual(expected);
  });
});
