// Declarations register themselves: resources/registry.ts is what `npm run resources` writes from
// the files in resources/ (npm test writes it first), so a declared entity is never left out.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { registrySources } from '../../scripts/write-registry';

describe('the resource registry', () => {
  it.each(['registry.ts', 'registry.server.ts', 'registry.client.ts'])('%s lists every entity folder, as `npm run resources` writes it', async (file) => {
    const source = new Map(await registrySources()).get(file);
    const written = fs.readFileSync(new URL(`../../resources/${file}`, import.meta.url), 'utf8');
    expect(written, 'run `npm run resources`').toBe(source);
  });

  it('holds each resource once, by a name of its own', () => {
    const names = resources.map((r) => r.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['patients', 'lawsuits', 'lawArticles', 'tenantUsers']));
  });
});
