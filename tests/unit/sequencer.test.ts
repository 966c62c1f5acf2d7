// The start order of untimed files (tests/sequencer.ts), on the browser project's real files.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { longFirst } from '../sequencer';

const e2e = readdirSync(new URL('../e2e/', import.meta.url))
  .filter((name) => name.endsWith('.test.ts'))
  .map((name) => ({ moduleId: `/repo/tests/e2e/${name}` }));
const names = (files: { moduleId: string }[]) => files.map((f) => f.moduleId.split('/').at(-1));

describe('untimed files start long ones first', () => {
  it('the screen scans first, the clinic ones before the platform ones; the rest in the order given', () => {
    const given = [...e2e].reverse();
    const ordered = names(longFirst(given));
    const scans = ordered.filter((n) => n?.startsWith('every-screen-'));
    expect(scans).toHaveLength(4);
    expect(ordered.slice(0, 4)).toEqual(scans);
    expect(scans.slice(0, 2).every((n) => n?.endsWith('-clinic.test.ts'))).toBe(true);
    expect(scans.slice(2).every((n) => n?.endsWith('-central.test.ts'))).toBe(true);
    const rest = names(given).filter((n) => !n?.startsWith('every-screen-'));
    expect(ordered.slice(4)).toEqual(rest);
    expect(given).toHaveLength(e2e.length); // not reordered in place
    expect(names(given)).toEqual(names([...e2e].reverse()));
  });
});
