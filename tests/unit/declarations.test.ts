// Declaration rules checked when a resource is declared, so a misdeclared entity fails at once.
import { describe, expect, it } from 'vitest';
import { type FieldDef, defineResource, formShows, offersRecordAction, recordAction, shownFields } from '../../src/shared/resource';
import { normalizeForLookup } from '../../src/server/crypto/keyring';
import { MENU_ICONS, type MenuPlacement, defineMenuGroup } from '../../src/shared/menu';
import type { UnknownGroups, UnknownTargets } from '../../resources/index';
import { landingSections } from '../../resources/landing';

const declare = (field: FieldDef, scope: 'tenant' | 'central' = 'tenant') =>
  defineResource({ name: 'things', path: 'things', table: 'things', scope, titleField: 'note', defaultSort: '-id', fields: { note: field } });

describe('encrypted fields', () => {
  it.each([
    ['searchable', { type: 'text', encrypted: true, searchable: true }],
    ['sortable', { type: 'text', encrypted: true, sortable: true }],
    ['filterable without lookup', { type: 'string', encrypted: true, filterable: true }],
    ['a number', { type: 'integer', encrypted: true }],
    ['lookup on a plain field', { type: 'string', lookup: true }],
  ] as [string, FieldDef][])('refuse %s', (_n, field) => {
    expect(() => declare(field)).toThrow(/things\.note/);
  });

  it("are a clinic's: refused on a central resource", () => {
    expect(() => declare({ type: 'text', encrypted: true }, 'central')).toThrow(/things\.note/);
  });

  it('accept clinic text, and an exact lookup', () => {
    expect(() => declare({ type: 'text', encrypted: true })).not.toThrow();
    expect(() => declare({ type: 'string', encrypted: true, lookup: true, filterable: true })).not.toThrow();
  });

  it('look a value up however it was typed: Arabic-Indic or Persian digits, spaces, dashes, case', () => {
    expect(normalizeForLookup('١٩٩٠ ١٢٣-٤٥٦')).toBe('1990123456');
    expect(normalizeForLookup('۱۹۹۰۱۲۳۴۵۶')).toBe('1990123456');
    expect(normalizeForLookup(' AB-12 cd ')).toBe('ab12cd');
  });
});

describe('list vocabulary', () => {
  it.each([
    ['a toggle on a number', { type: 'integer', list: true, toggle: true }],
    ['a read-only toggle', { type: 'boolean', list: true, readOnly: true, toggle: true }],
    ['a toggle not in the list', { type: 'boolean', toggle: true }],
    // A final field is the client's to give once: one the server writes, or never stores, is not.
    ['a final read-only field', { type: 'money', readOnly: true, final: true }],
    ['a final virtual field', { type: 'money', virtual: true, final: true }],
  ] as [string, FieldDef][])('refuse %s', (_n, field) => {
    expect(() => declare(field)).toThrow(/things\.note/);
  });

  const withAction = (set: Record<string, boolean>, when: Record<string, boolean> = {}, readOnly = false) => () =>
    defineResource({
      name: 'bills', path: 'bills', table: 'bills', scope: 'central', titleField: 'paid', defaultSort: '-id',
      rowActions: [{ key: 'pay', set, when, label: 'a', confirm: 'b', done: 'c' }],
      fields: { paid: { type: 'boolean', list: true, readOnly } },
    });
  it('a row action sets and tests declared fields, and may not set a read-only one', () => {
    expect(withAction({ paid: true }, { paid: false })).not.toThrow();
    expect(withAction({ payd: true })).toThrow(/bills: row action pay/);
    expect(withAction({ paid: true }, { payd: false })).toThrow(/bills: row action pay/);
    expect(withAction({ paid: true }, {}, true)).toThrow(/bills: row action pay/);
  });

  it('a row action either sets fields or posts to its route, never both or neither', () => {
    const bills = (action: { set?: Record<string, boolean>; post?: string }) => () =>
      defineResource({
        name: 'bills', path: 'bills', table: 'bills', scope: 'central', titleField: 'paid', defaultSort: '-id',
        rowActions: [{ key: 'pay', ...action, label: 'a', confirm: 'b', done: 'c' }],
        fields: { paid: { type: 'boolean', list: true } },
      });
    expect(bills({ post: 'pay' })).not.toThrow();
    expect(bills({})).toThrow(/bills: row action pay/);
    expect(bills({ set: { paid: true }, post: 'pay' })).toThrow(/bills: row action pay/);
  });

  it('a menu badge counts by filterable fields', () => {
    const inbox = (filterable: boolean) => () =>
      defineResource({
        name: 'inbox', path: 'inbox', table: 'inbox', scope: 'central', titleField: 'state', defaultSort: '-id',
        menu: { order: 1, badge: { state: 'waiting' } },
        fields: { state: { type: 'string', filterable } },
      });
    expect(inbox(true)).not.toThrow();
    expect(inbox(false)).toThrow(/inbox: a menu badge/);
  });
});

describe('record page vocabulary', () => {
  const staff = defineResource({
    name: 'staff', path: 'staff', table: 'staff', scope: 'tenant', titleField: 'role', defaultSort: '-id',
    recordActions: [{ key: 'reset', post: 'reset', label: 'a', confirm: 'b', done: 'c', roles: [0], notSelf: true }],
    fields: { role: { type: 'integer' } },
  });
  const reset = staff.recordActions[0];
  it.each([
    ['the manager, on another record', { id: 1, role: 0 }, 2, true],
    ['the manager, on their own record (notSelf)', { id: 2, role: 0 }, 2, false],
    ['another role', { id: 1, role: 1 }, 2, false],
    ['the manager in a support session', { id: 1, role: 0, support: { grant_id: 3 } }, 2, false],
    ['nobody logged in', null, 2, false],
  ] as const)('a record action is offered to %s: %s', (_n, caller, recordId, offered) => {
    expect(offersRecordAction(reset, caller, recordId)).toBe(offered);
  });

  it('a record action is found by its key; a panel is hidden by declared fields only', () => {
    expect(recordAction(staff, 'reset').post).toBe('reset');
    expect(() => recordAction(staff, 'rest')).toThrow(/staff declares no record action rest/);
    const withPanel = (unless: Record<string, number>) => () =>
      defineResource({ name: 'staff', path: 'staff', table: 'staff', scope: 'tenant', titleField: 'role', defaultSort: '-id', panels: [{ name: 'permissions', unless }], fields: { role: { type: 'integer' } } });
    expect(withPanel({ role: 0 })).not.toThrow();
    expect(withPanel({ rol: 0 })).toThrow(/staff: panel permissions/);
  });

  // A payment's page showed the secretary its device reference (client_ref) beside the amount.
  it.each([
    ['a record', { offline: false }, ['id', 'created_at', 'updated_at', 'note']],
    ['a record a device may make offline', { offline: true }, ['id', 'created_at', 'updated_at', 'note']],
  ] as const)('%s shows no bookkeeping: %j', (_n, extra, shown) => {
    const def = defineResource({ name: 'notes', path: 'notes', table: 'notes', scope: 'tenant', titleField: 'note', defaultSort: '-id', actions: ['read', 'create'], ...extra, fields: { note: { type: 'string' }, secret: { type: 'string', writeOnly: true } } });
    expect(shownFields(def).map(([name]) => name)).toEqual(shown);
  });
});

// Typos in a declaration's names fail `npm run typecheck` (part of `npm test`): each
// expect-error directive below marks an error the type check must report, or it fails on the unused directive.
describe('names a declaration may use', () => {
  const _courts = defineResource({ name: 'courts', path: 'courts', table: 'courts', scope: 'tenant', titleField: 'name', defaultSort: 'name', fields: { name: { type: 'string' } } });
  const _lawsuits = defineResource({
    name: 'lawsuits',
    path: 'lawsuits',
    table: 'lawsuits',
    scope: 'tenant',
    titleField: 'title',
    defaultSort: '-id',
    fields: { title: { type: 'string' }, court_id: { type: 'relation', relation: { resource: 'courtz', labelField: 'name' } } },
  });
  const _sessions = defineResource({
    name: 'sessions',
    path: 'sessions',
    table: 'sessions',
    scope: 'tenant',
    within: { resource: 'lawsuit', field: 'lawsuit_id', tab: 'sessions' },
    titleField: 'day',
    defaultSort: 'day',
    fields: { day: { type: 'date' }, lawsuit_id: { type: 'relation', relation: { resource: 'lawsuits', labelField: 'title' } } },
  });

  it('a relation target or a parent that is not declared is named by the type check', () => {
    const unknown: UnknownTargets<readonly [typeof _courts, typeof _lawsuits, typeof _sessions]> = 'courtz';
    const alsoUnknown: UnknownTargets<readonly [typeof _courts, typeof _lawsuits, typeof _sessions]> = 'lawsuit';
    // @ts-expect-error 'lawsuits' is declared: not an unknown target
    const known: UnknownTargets<readonly [typeof _courts, typeof _lawsuits, typeof _sessions]> = 'lawsuits';
    expect([unknown, alsoUnknown, known]).toHaveLength(3);
  });

  it('menu icons are the layout\'s own, and groups are declared ones', () => {
    const fine: MenuPlacement = { order: 1, icon: 'calendar' };
    // @ts-expect-error an icon the layout cannot draw (was silently a file icon)
    const badIcon: MenuPlacement = { order: 1, icon: 'calender' };
    expect([fine, badIcon]).toHaveLength(2);
    expect(MENU_ICONS).toContain('calendar');
    const group = defineMenuGroup({ key: 'stock', scope: 'tenant', path: 'stock', opens: 'suppliers', order: 60, icon: 'inbox', access: 'anyone' });
    const badGroup: UnknownGroups<readonly [typeof _courts & { menu: { order: 1; parent: 'stok' } }], readonly [typeof group]> = 'stok';
    // @ts-expect-error 'stock' is declared: not an unknown group
    const goodGroup: UnknownGroups<readonly [typeof _courts & { menu: { order: 1; parent: 'stock' } }], readonly [typeof group]> = 'stock';
    expect([badGroup, goodGroup]).toHaveLength(2);
    expect(() => defineMenuGroup({ ...group, opens: '/stock/suppliers' })).toThrow(/stock/);
  });
});

describe('numbers filled from a relation, and sequences', () => {
  const withService = (amount: FieldDef) =>
    defineResource({
      name: 'bookings', path: 'bookings', table: 'bookings', scope: 'tenant', titleField: 'amount', defaultSort: '-id',
      fields: { service_id: { type: 'relation', relation: { resource: 'prices', labelField: 'name' } }, label: { type: 'string' }, amount },
    });
  it('refuse a fill from a field that is not a relation, or into a field that is not a number', () => {
    expect(() => withService({ type: 'money', fill: { from: 'label', field: 'price' } })).toThrow(/bookings\.amount/);
    expect(() => withService({ type: 'string', fill: { from: 'service_id', field: 'price' } })).toThrow(/bookings\.amount/);
    expect(() => withService({ type: 'money', fill: { from: 'service_id', field: 'price' } })).not.toThrow();
  });
  it("refuse a sequence that is not a clinic's read-only, unique, never empty integer", () => {
    expect(() => declare({ type: 'integer', readOnly: true, sequence: true })).toThrow(/things\.note/);
    expect(() => declare({ type: 'integer', readOnly: true, unique: true, sequence: true }, 'central')).toThrow(/things\.note/);
    expect(() => declare({ type: 'integer', readOnly: true, unique: true, sequence: true })).not.toThrow();
  });
});

describe('fields a form shows for some records only (formWhen)', () => {
  const sections = (email: FieldDef) =>
    defineResource({ name: 'sections', path: 'sections', table: 'sections', scope: 'central', titleField: 'key', defaultSort: 'id', fields: { key: { type: 'string' }, email } });
  it('name another declared field', () => {
    expect(() => sections({ type: 'email', formWhen: { kind: ['contact'] } })).toThrow(/sections\.email/);
    expect(() => sections({ type: 'email', formWhen: { email: ['a'] } })).toThrow(/sections\.email/);
    expect(() => sections({ type: 'email', formWhen: { key: ['contact'] } })).not.toThrow();
  });
  it.each([
    [{ key: 'contact_info' }, true],
    [{ key: 'footer' }, true],
    [{ key: 'hero' }, false],
    [{}, false],
  ])('the landing section %o shows its e-mail: %s', (values, shown) => {
    expect(formShows(landingSections.fields.email, values)).toBe(shown);
    expect(formShows(landingSections.fields.button_url, values)).toBe(true);
  });
});

// Flags that contradict each other (issue 38): refused when declared, naming the field and why.
describe('contradictory flags', () => {
  it.each([
    ['required with a default', { type: 'string', required: true, default: 'x' }, /required field has no default/],
    ['required and nullable', { type: 'string', required: true, nullable: true }, /a required field is not nullable/],
    ['required and hidden from the form', { type: 'string', required: true, hideInForm: true }, /not hidden from the form/],
    ['read-only and write-only', { type: 'string', readOnly: true, writeOnly: true }, /both read-only and write-only/],
    ['write-only and listed', { type: 'password', writeOnly: true, list: true }, /write-only field is never answered/],
    ['virtual and unique', { type: 'string', virtual: true, unique: true }, /virtual field is not stored/],
    ['virtual with a default', { type: 'boolean', virtual: true, default: true }, /virtual field is not stored/],
    ['unique with a default', { type: 'string', unique: true, default: 'a' }, /unique field has no default/],
    ['min above max', { type: 'integer', min: 10, max: 1 }, /least value, length or normal value is not above its greatest/],
    ['minLength above maxLength', { type: 'string', minLength: 10, maxLength: 2 }, /least value, length or normal value is not above its greatest/],
    ['a normal range upside down', { type: 'number', normal: { min: 5, max: 1 } }, /least value, length or normal value is not above its greatest/],
    ['max on text', { type: 'string', max: 3 }, /are for numbers/],
    ['maxLength on a number', { type: 'integer', maxLength: 3 }, /are for text/],
    ['choices on a number', { type: 'integer', choices: ['1'] }, /are for text/],
    ['lowercase on a date', { type: 'date', lowercase: true }, /are for text/],
    ['an enum naming no enumeration', { type: 'enum' }, /an enum names its enumeration/],
    ['an enumeration on a string', { type: 'string', enum: 'gender' }, /an enum names its enumeration/],
    ['a relation with no target', { type: 'relation' }, /a relation its target/],
    ['items on a string', { type: 'string', items: { a: { type: 'string' } } }, /items are a list's/],
    ['notFuture on a datetime', { type: 'datetime', notFuture: true }, /notFuture is for a date/],
    ['withinHours on a date', { type: 'date', withinHours: 3 }, /withinHours for a datetime/],
    ['a default of another type', { type: 'integer', default: 'one' }, /default is a value it would refuse/],
    ['a default below min', { type: 'integer', min: 1, default: 0 }, /default is a value it would refuse/],
    ['a default outside its choices', { type: 'string', choices: ['open', 'closed'], default: 'shut' }, /default is a value it would refuse/],
    ['a default outside its enumeration', { type: 'enum', enum: 'gender', default: 7 }, /default is a value it would refuse/],
    ['a default longer than allowed', { type: 'string', maxLength: 2, default: 'abc' }, /default is a value it would refuse/],
    ['a list item required with a default', { type: 'list', items: { dose: { type: 'string', required: true, default: '1' } } }, /things\.note\.dose: a required field has no default/],
  ] as [string, FieldDef, RegExp][])('refuse %s', (_n, field, why) => {
    expect(() => declare(field)).toThrow(/^things\.note/);
    expect(() => declare(field)).toThrow(why);
  });

  it.each([
    ['a default alone', { type: 'string', choices: ['open', 'closed'], default: 'open' }],
    ['a read-only value the database defaults', { type: 'boolean', readOnly: true, default: false }],
    ['a read-only value the server always fills', { type: 'string', readOnly: true, required: true }],
    ['a nullable field with a default', { type: 'integer', nullable: true, min: 0, default: 0 }],
    ['an enum default among its values', { type: 'enum', enum: 'gender', default: 1 }],
  ] as [string, FieldDef][])('accept %s', (_n, field) => {
    expect(() => declare(field)).not.toThrow();
  });

  it('refuse a title or a default sort the declaration does not have', () => {
    const base = { name: 'things', path: 'things', table: 'things', scope: 'tenant', fields: { note: { type: 'string' } } } as const;
    expect(() => defineResource({ ...base, titleField: 'nope', defaultSort: 'note' })).toThrow(/things: the title field nope/);
    expect(() => defineResource({ ...base, titleField: 'note', defaultSort: '-nope' })).toThrow(/things: the default sort -nope/);
    expect(() => defineResource({ ...base, titleField: 'note', defaultSort: '-created_at,note' })).not.toThrow();
  });
});
