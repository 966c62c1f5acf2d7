// `npm run test:resource -- <name>` (scripts/test-resource.ts): which files it runs, and which test
// names its filter takes.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isRegistryDriven, namePattern, registryDrivenFiles } from '../../scripts/resource-tests';

describe('the files of a resource test run', () => {
  it.each([
    ["import { resources } from '../../resources';\ndescribe.each(resources.map((d) => [d.name]))('%s', () => {});", true],
    ["import { resourcesOf } from '../../resources/index';\ndescribe.each(x)('%s', () => {});", true],
    ["import { resources } from '../../resources';\ndescribe('all', () => {});", false],
    ["describe.each([[1]])('%s', () => {});", false],
  ])('%#: registry-driven %s', (source, expected) => {
    expect(isRegistryDriven(source as string)).toBe(expected);
  });

  it('are the per-declaration suites, not the hand-written ones', () => {
    const files = registryDrivenFiles(path.join(import.meta.dirname, '../..'));
    expect(files).toEqual(expect.arrayContaining(['tests/api/permissions.test.ts', 'tests/api/bad-input.test.ts', 'tests/api/isolation.test.ts', 'tests/api/schema-drift.test.ts']));
    expect(files).not.toContain('tests/api/auth.test.ts');
  });
});

describe("a resource's filter", () => {
  it.each([
    ['patients', 'patients rejects a body that is not an object', true],
    ['patients', 'clinic isolation: patients hides another clinic', true],
    ['patients', 'schema of patients > matches', true],
    ['plans', 'central plans as owner may list', true],
    ['patients', 'patientAlerts rejects a body that is not an object', false],
    ['patients', 'clinic isolation: patients_x hides', false],
    ['visitings', 'patients rejects', false],
  ])('%s against "%s": %s', (resource, name, expected) => {
    expect(new RegExp(namePattern(resource)).test(name)).toBe(expected);
  });
});
