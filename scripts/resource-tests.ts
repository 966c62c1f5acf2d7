// What `npm run test:resource -- <name>` runs (scripts/test-resource.ts): the registry-driven test
// files (those that make a test group per declaration with describe.each), filtered to the groups
// of one resource. Pure, so tests/unit/resource-tests.test.ts can hold it to the test names.
import fs from 'node:fs';
import path from 'node:path';

/** A file that makes its groups from the declarations: it reads the registry and uses describe.each. */
export function isRegistryDriven(source: string): boolean {
  return /describe\.each\(/.test(source) && /from '\.\.\/\.\.\/resources(\/index)?'/.test(source);
}

/** The registry-driven test files under `dir` (API and unit), sorted. */
export function registryDrivenFiles(root: string): string[] {
  return ['tests/api', 'tests/unit']
    .flatMap((dir) => fs.readdirSync(path.join(root, dir)).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f}`))
    .filter((file) => isRegistryDriven(fs.readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Vitest's -t pattern for a resource's groups: its name as a whole word of the full test name
 * ("patients", "clinic isolation: patients", "central plans as owner", "patients: age ..."), so
 * `patients` does not also run `patientAlerts`.
 */
export function namePattern(resource: string): string {
  return `(^|[\\s:])${escape(resource)}($|[\\s:])`;
}
