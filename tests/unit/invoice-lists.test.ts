// The invoices list's ready-made "overdue" filter, its date ranges, and the texts of its bulk
// action for one row and for several (issue 39, item 12): "mark paid" of two rows never says
// "this invoice".
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import ckb from '../../locales/ckb.json';
import { resourceByName } from '../../resources/index';
import { rowActionTexts } from '../../src/shared/resource';
import { quickFilterCrud, quickFilterOn, rangeOf, toggleQuickFilter, withRange } from '../../src/client/engine/quickFilters';

const invoices = resourceByName('invoices');
const markPaid = invoices.rowActions!.find((a) => a.key === 'markPaid')!;
const overdue = invoices.quickFilters!.find((q) => q.key === 'overdue')!;
type Tree = { [key: string]: string | Tree };
const text = (lang: Tree, key: string, count: number) => {
  const found = key.split('.').reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), lang);
  return String(found).replace('{{count}}', String(count));
};

describe('bulk texts', () => {
  it.each([
    [1, 'Mark this invoice as paid?', 'Invoice marked as paid'],
    [2, 'Mark these 2 invoices as paid?', '2 invoices marked as paid'],
    [7, 'Mark these 7 invoices as paid?', '7 invoices marked as paid'],
  ])('%s row(s): %s / %s', (count, confirm, done) => {
    const texts = rowActionTexts(markPaid, count);
    expect(text(en as Tree, texts.confirm, texts.count)).toBe(confirm);
    expect(text(en as Tree, texts.done, texts.count)).toBe(done);
  });

  it.each([['ar', ar], ['ckb', ckb]] as const)('%s: several rows read otherwise than one, with their count', (_lang, file) => {
    const one = rowActionTexts(markPaid, 1);
    const two = rowActionTexts(markPaid, 2);
    expect(text(file as Tree, two.confirm, 2)).not.toBe(text(file as Tree, one.confirm, 1));
    expect(text(file as Tree, two.confirm, 2)).toContain('2');
    expect(text(file as Tree, two.done, 2)).toContain('2');
  });
});

describe('invoice filters', () => {
  const today = '2026-11-26';
  it('overdue is unpaid and due before today, and toggles off', () => {
    expect(quickFilterCrud(overdue, today)).toEqual([
      { field: 'is_paid', operator: 'eq', value: false },
      { field: 'due_on', operator: 'lt', value: today },
    ]);
    const on = toggleQuickFilter([{ field: 'is_paid', operator: 'eq', value: true }, { field: 'kind', operator: 'eq', value: 'renewal' }], overdue, today);
    expect(quickFilterOn(on, overdue, today)).toBe(true);
    expect(on).toContainEqual({ field: 'kind', operator: 'eq', value: 'renewal' });
    expect(on.filter((f) => 'field' in f && f.field === 'is_paid')).toHaveLength(1);
    const off = toggleQuickFilter(on, overdue, today);
    expect(quickFilterOn(off, overdue, today)).toBe(false);
    expect(off).toEqual([{ field: 'kind', operator: 'eq', value: 'renewal' }]);
  });

  it.each([
    ['2026-01-01', '2026-01-31', [{ field: 'issued_on', operator: 'gte', value: '2026-01-01' }, { field: 'issued_on', operator: 'lte', value: '2026-01-31' }]],
    ['2026-01-01', null, [{ field: 'issued_on', operator: 'gte', value: '2026-01-01' }]],
    [null, null, []],
  ] as const)('issued from %s to %s', (from, to, expected) => {
    const filters = withRange([{ field: 'issued_on', operator: 'gte', value: '2020-01-01' }], 'issued_on', from, to);
    expect(filters).toEqual(expected);
    expect(rangeOf(filters, 'issued_on')).toEqual([from, to]);
  });
});
