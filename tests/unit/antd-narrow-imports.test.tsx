// The client build points two of antd's imports at narrower modules of ours (scripts/antd-narrow-imports.ts,
// src/client/shims/): each answers as antd's own, and the imports they replace are still antd's (an
// antd upgrade that moves them fails here rather than loading the heavy modules again unnoticed).
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { toNamePathStr as antdToNamePathStr } from 'antd/es/form/hooks/useForm';
import { flattenKeys as antdFlattenKeys } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import type { ColumnFilterItem } from 'antd/es/table/interface';
import type { FilterDropdownProps } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import { antdNarrowImports } from '../../scripts/antd-narrow-imports';
import { toNamePathStr } from '../../src/client/shims/antd-form-name';
import FilterDropdown, { flattenKeys } from '../../src/client/shims/antd-table-filter';

const antdDir = path.dirname(createRequire(import.meta.url).resolve('antd/package.json'));
const resolve = (source: string, importer: string) => {
  const hook = antdNarrowImports().resolveId as (source: string, importer?: string) => string | null;
  return hook(source, importer);
};

describe('the imports redirected', () => {
  const cases: [string, string, string][] = [
    ['es/radio/group.js', '../form/hooks/useForm', 'src/client/shims/antd-form-name.ts'],
    ['es/table/hooks/useFilter/index.js', './FilterDropdown', 'src/client/shims/antd-table-filter.tsx'],
  ];
  it.each(cases)('%s imports %s, redirected to %s', (file, source, shim) => {
    const importer = path.join(antdDir, file);
    expect(fs.readFileSync(importer, 'utf8')).toContain(`from '${source}'`);
    expect(resolve(source, importer)).toBe(path.resolve(shim));
    // The same import from anywhere else is left alone.
    expect(resolve(source, path.join(antdDir, 'es/table/Table.js'))).toBeNull();
  });
});

it("rc-table's Table imports the scrollbar's measure, redirected to ours; nothing else's is", () => {
  const rcTable = path.dirname(createRequire(import.meta.url).resolve('rc-table/package.json'));
  const importer = path.join(rcTable, 'es/Table.js');
  const source = 'rc-util/es/getScrollBarSize';
  const code = fs.readFileSync(importer, 'utf8');
  expect(code).toContain(`import { getTargetScrollBarSize } from "${source}"`);
  // The width is read only with a fixed header or a sticky one (what the shim leaves measured).
  expect(code).toMatch(/if \(fixHeader \|\| isSticky\)/);
  expect(resolve(source, importer)).toBe(path.resolve('src/client/shims/rc-table-scrollbar.ts'));
  expect(resolve(source, path.join(rcTable, 'es/stickyScrollBar.js'))).toBeNull();
});

describe('toNamePathStr answers as antd', () => {
  const cases: unknown[] = [undefined, false, 'name', ['items', 0, 'name'], [], 7];
  it.each(cases.map((c) => [JSON.stringify(c) ?? 'undefined', c]))('%s', (_label, name) => {
    expect(toNamePathStr(name)).toBe(antdToNamePathStr(name as Parameters<typeof antdToNamePathStr>[0]));
  });
});

describe('flattenKeys answers as antd', () => {
  const cases: [string, ColumnFilterItem[] | undefined][] = [
    ['no filters', undefined],
    ['flat', [{ text: 'A', value: 'a' }, { text: 'B', value: 2 }]],
    ['nested', [{ text: 'A', value: 'a', children: [{ text: 'A1', value: 'a1', children: [{ text: 'A11', value: true }] }] }, { text: 'B', value: 'b' }]],
  ];
  it.each(cases)('%s', (_name, filters) => {
    expect(flattenKeys(filters)).toEqual(antdFlattenKeys(filters));
  });
});

it('shows the column title until the filter menu has loaded', () => {
  const props = { children: <span data-testid="title">Name</span> } as FilterDropdownProps;
  expect(renderToStaticMarkup(<FilterDropdown {...props} />)).toContain('<span data-testid="title">Name</span>');
});
