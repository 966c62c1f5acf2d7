// Kysely's row types come from the declarations (issue 38): src/server/db/declared-tables.ts is what
// `npm run resources` writes from them (stale: this fails), and each column is typed as the
// generator makes it. tests/api/schema-drift.test.ts checks the same columns against the database.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resources } from '../../resources/index';
import { rowColumns, rowTypesSource } from '../../src/server/db/row-types';
import { type FieldDef, defineResource } from '../../src/shared/resource';

describe('the declared row types', () => {
  it('are what `npm run resources` writes from the declarations', () => {
    const written = fs.readFileSync(new URL('../../src/server/db/declared-tables.ts', import.meta.url), 'utf8');
    expect(written, 'run `npm run resources`').toBe(rowTypesSource(resources));
  });

  it.each([
    ['a required text', { type: 'string', required: true, maxLength: 10 }, 'label: string;'],
    ['an optional date', { type: 'date', nullable: true }, 'label: string | null;'],
    ['a money amount with a default', { type: 'money', default: 0 }, 'label: Generated<number>;'],
    ['an optional relation', { type: 'relation', relation: { resource: 'patients', labelField: 'name' }, nullable: true }, 'label: number | null;'],
    ['a time of day', { type: 'datetime', required: true }, 'label: Date;'],
    ['a list', { type: 'list', items: { note: { type: 'string', maxLength: 10 } } }, 'label: Generated<unknown>;'],
    ['a password', { type: 'password', required: true, minLength: 12, maxLength: 128 }, 'label_hash: string;'],
    ['an encrypted text found by its lookup', { type: 'string', encrypted: true, lookup: true, filterable: true, nullable: true, maxLength: 20 }, 'label_lookup: string | null;'],
  ] as const)('types %s as the database holds it', (_name, field, line) => {
    const def = defineResource({ name: 'trialLabels', path: 'trial-labels', table: 'trial_labels', scope: 'tenant', titleField: 'id', defaultSort: 'id', fields: { label: field as FieldDef } });
    expect(rowTypesSource([def]).split('\n').map((l) => l.trim())).toContain(line);
  });

  it("gives a clinic's archived table its key, versions and archive mark", () => {
    const def = defineResource({ name: 'trialLabels', path: 'trial-labels', table: 'trial_labels', scope: 'tenant', deletePolicy: 'archive', titleField: 'id', defaultSort: 'id', fields: {} });
    expect(rowColumns(def).map((c) => c.name)).toEqual(['tenant_id', 'id', 'created_at', 'updated_at', 'version', 'archived_at']);
  });
});
