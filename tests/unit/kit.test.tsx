// Issue 35: the view kit (src/client/engine/kit/) ports @refinedev/antd 6.0.3's parts; each port
// answers as upstream does on the same input. Upstream stays a dev dependency for this comparison.
import { describe, expect, it } from 'vitest';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { SorterResult } from 'antd/es/table/interface';
import type { BaseRecord, CrudFilter, CrudSort } from '@refinedev/core';
import * as upstream from '@refinedev/antd';
import { type AntdFilters, filtersOf, getDefaultSortOrder, sortersOf } from '../../src/client/engine/kit/useTable';
import { SaveButton } from '../../src/client/engine/kit/buttons';
import { Create } from '../../src/client/engine/kit/views';

type Sorter = SorterResult<BaseRecord>;
const column = (multiple?: number) => ({ sorter: multiple === undefined ? true : { multiple } });

describe('useTable: a column sort as Refine sorters', () => {
  const cases: [string, Sorter | Sorter[]][] = [
    ['one column ascending', { field: 'name', order: 'ascend' }],
    ['one column descending, named by its key', { field: 'name', columnKey: 'full_name', order: 'descend' }],
    ['a nested field', { field: ['patient', 'name'], order: 'ascend' }],
    ['a column no longer sorted', { field: 'name', order: null }],
    [
      'several columns by priority',
      [
        { field: 'b', order: 'descend', column: column(2) },
        { field: 'a', order: 'ascend', column: column(1) },
        { field: 'c', order: null, column: column(3) },
      ],
    ],
  ];
  it.each(cases)('%s', (_name, sorter) => {
    // Upstream sorts the array it is given in place: each side gets its own copy.
    const copy = () => (Array.isArray(sorter) ? sorter.map((s) => ({ ...s })) : { ...sorter });
    const ours: CrudSort[] = sortersOf(copy());
    expect(ours).toEqual(upstream.mapAntdSorterToCrudSorting(copy() as Parameters<typeof upstream.mapAntdSorterToCrudSorting>[0]));
  });

  it('gives a column its sort order back as antd names it', () => {
    const sorters: CrudSort[] = [
      { field: 'name', order: 'asc' },
      { field: 'born', order: 'desc' },
    ];
    for (const field of ['name', 'born', 'phone']) expect(getDefaultSortOrder(field, sorters)).toBe(upstream.getDefaultSortOrder(field, sorters));
  });
});

describe('useTable: column filters as Refine filters', () => {
  const cases: [string, AntdFilters, CrudFilter[], CrudFilter[]][] = [
    ['a list of values', { status: ['open', 'closed'] }, [], []],
    ['one value', { status: 'open' as unknown as AntdFilters[string] }, [], []],
    ['the operator the list had', { name: ['ali'] }, [{ field: 'name', operator: 'contains', value: 'a' }], []],
    ['the initial filter operator', { name: ['ali'] }, [], [{ field: 'name', operator: 'startswith', value: '' }]],
    ['a cleared filter', { name: null }, [{ field: 'name', operator: 'eq', value: 'x' }], []],
    ['an "or" group left alone', { q: ['x'] }, [{ key: 'q', operator: 'or', value: [] }], [{ key: 'q', operator: 'or', value: [] }]],
  ];
  it.each(cases)('%s', (_name, tableFilters, previous, initial) => {
    expect(filtersOf(tableFilters, previous, initial)).toEqual(upstream.mapAntdFilterToCrudFilter(tableFilters, previous, initial));
  });
});

/** What a reader and the tests meet of a rendered part: its buttons' kinds (refine's class), types and texts. */
function facts(element: ReactElement) {
  const html = renderToStaticMarkup(element);
  const doc = [...html.matchAll(/<button([^>]*)>(.*?)<\/button>/g)].map(([, attrs, inner]) => ({
    // Upstream's build drops its test ids; its class names stay (the browser tests find .refine-save-button).
    kind: /refine-([a-z]+)-button/.exec(attrs)?.[1],
    type: /type="([^"]+)"/.exec(attrs)?.[1],
    primary: attrs.includes('ant-btn-primary'),
    disabled: / disabled=""/.test(attrs),
    text: inner.replace(/<[^>]+>/g, ''),
  }));
  return { buttons: doc, text: html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim() };
}

describe('buttons and views render as upstream', () => {
  const cases: [string, ReactElement, ReactElement][] = [
    ['the save button', <SaveButton key="k" />, <upstream.SaveButton key="u" />],
    ['a disabled save button with its own text', <SaveButton key="k" disabled>Keep</SaveButton>, <upstream.SaveButton key="u" disabled>Keep</upstream.SaveButton>],
    ['an icon-only save button', <SaveButton key="k" hideText />, <upstream.SaveButton key="u" hideText />],
  ];
  it.each(cases)('%s', (_name, ours, theirs) => {
    expect(facts(ours)).toEqual(facts(theirs));
  });

  it('a create page: its content, then a primary submit button, disabled while it loads', () => {
    for (const isLoading of [false, true]) {
      const ours = facts(
        <Create title="New patient" isLoading={isLoading}>
          <p>fields</p>
        </Create>,
      );
      const theirs = facts(
        <upstream.Create title="New patient" isLoading={isLoading} breadcrumb={false}>
          <p>fields</p>
        </upstream.Create>,
      );
      // Besides the back button (ours named in the reader's language, upstream's a nameless icon).
      const refine = (side: typeof ours) => side.buttons.filter((b) => b.kind !== undefined);
      expect(refine(ours)).toEqual(refine(theirs));
      expect(refine(ours)).toEqual([{ kind: 'save', type: 'submit', primary: true, disabled: isLoading, text: 'Save' }]);
      for (const side of [ours, theirs]) expect(side.text).toMatch(/New patient.*fields.*Save/);
    }
  });
});
