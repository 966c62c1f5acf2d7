// Sizes of the built assets a page loaded: raw and gzip, read from the build output so they are
// exact and repeatable.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface AssetSize {
  file: string;
  raw: number;
  gzip: number;
}

export function sizeOf(distDir: string, file: string): AssetSize {
  const buf = fs.readFileSync(path.join(distDir, file));
  return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
}

/** Sums the JS and CSS among the given asset URLs (as the browser requested them). */
export function weigh(distDir: string, urls: string[]): { js: AssetSize; css: AssetSize; files: AssetSize[] } {
  const files = [...new Set(urls.map((u) => new URL(u).pathname))].filter((p) => p.startsWith('/assets/')).map((p) => sizeOf(distDir, p));
  const sum = (ext: string) =>
    files.filter((f) => f.file.endsWith(ext)).reduce((acc, f) => ({ file: ext, raw: acc.raw + f.raw, gzip: acc.gzip + f.gzip }), { file: ext, raw: 0, gzip: 0 });
  return { js: sum('.js'), css: sum('.css'), files };
}

export function largestChunks(distDir: string, count: number): AssetSize[] {
  const dir = path.join(distDir, 'assets');
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js') || f.endsWith('.css'))
    .map((f) => sizeOf(distDir, `/assets/${f}`))
    .sort((a, b) => b.gzip - a.gzip)
    .slice(0, count);
}

export const kib = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
