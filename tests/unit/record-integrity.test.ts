// The client's part of records a clinic can trust: one key per submission, only changed fields
// with If-Match of the loaded version, the conflict's fields, range messages, abnormal values.
import './helpers/env';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resourceByName, resources } from '../../resources/index';
import { comparisonHolds } from '../../src/shared/checks';
import { abnormality } from '../../src/shared/resource';
import { changedOnly, dataProvider } from '../../src/client/providers/dataProvider';
import { fieldsChanged } from '../../src/client/engine/ConflictDialog';
import { fieldRules } from '../../src/client/engine/formRules';
import { ApiError } from '../../src/client/providers/http';
import { setToastSink } from '../../src/client/providers/notify';
import { clearSession } from '../../src/client/providers/session';
import { translate } from '../../src/client/i18n';
import { fakeFetch, json } from './helpers/env';

describe('record integrity in the client', () => {
  let toasts: string[] = [];
  beforeEach(() => {
    clearSession();
    toasts = [];
    setToastSink((_kind, text) => toasts.push(text));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    setToastSink(null);
  });

  it('sends the given Idempotency-Key on create, and a fresh one when none is given', async () => {
    const { fn, calls } = fakeFetch({ 'POST /tasks': () => json(201, { data: { id: 1 } }) });
    vi.stubGlobal('fetch', fn);
    await dataProvider.create({ resource: 'tasks', variables: { title: 'a' }, meta: { idempotencyKey: 'form-key-1' } });
    await dataProvider.create({ resource: 'tasks', variables: { title: 'a' }, meta: { idempotencyKey: 'form-key-1' } });
    await dataProvider.create({ resource: 'tasks', variables: { title: 'a' } });
    const keys = calls.map((c) => c.headers['Idempotency-Key']);
    expect(keys.slice(0, 2)).toEqual(['form-key-1', 'form-key-1']);
    expect(keys[2]).toMatch(/^[0-9a-f-]{32,36}$/);
  });

  it('updates send only the changed fields, with If-Match of the loaded version; a 412 carries the current record, no toast', async () => {
    const original = { current: { id: 7, name: 'Ahmad', phone: '0750', notes: null, version: 3 } };
    const { fn, calls } = fakeFetch({ 'PATCH /patients/7': () => json(412, { message: 'stale', data: { id: 7, name: 'Ahmad K', version: 4 } }) });
    vi.stubGlobal('fetch', fn);
    const error = await dataProvider.update({ resource: 'patients', id: 7, variables: { name: 'Ahmad', phone: '0770', notes: '' }, meta: { original } }).catch((e: unknown) => e);
    expect(calls[0].body).toEqual({ phone: '0770' });
    expect(calls[0].headers['If-Match']).toBe('"3"');
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).current).toMatchObject({ version: 4, name: 'Ahmad K' });
    expect(toasts).toEqual([]);
  });

  it('a 412 names the version the edit was based on, even when the form refetched the record meanwhile', async () => {
    const original: { current: Record<string, unknown> } = { current: { id: 7, name: 'Ahmad', phone: '0750', version: 3 } };
    const now = { id: 7, name: 'Ahmad K', phone: '0750', version: 4 };
    const { fn } = fakeFetch({
      'PATCH /patients/7': () => {
        original.current = now; // Refine's invalidation refetched the record before the answer was handled
        return json(412, { message: 'stale', data: now });
      },
    });
    vi.stubGlobal('fetch', fn);
    const error = (await dataProvider.update({ resource: 'patients', id: 7, variables: { name: 'Ahmad', phone: '0770' }, meta: { original } }).catch((e: unknown) => e)) as ApiError;
    expect(error.base).toMatchObject({ version: 3, name: 'Ahmad' });
    expect(fieldsChanged(resourceByName('patients'), error.base ?? {}, error.current ?? {})).toEqual(['name']);
  });

  it('a form checks the declared comparisons between fields with the server\'s evaluator, again when the other side changes', () => {
    const t = (key: string, options?: Record<string, unknown> | string) => translate(key, options);
    const checked = resources.filter((def) => def.checks?.length);
    expect(checked.length).toBeGreaterThan(0);
    for (const def of checked) {
      for (const check of def.checks ?? []) {
        const own = fieldRules(t, def.fields[check.field], 'edit', { def, name: check.field });
        const other = fieldRules(t, def.fields[check.other], 'edit', { def, name: check.other });
        expect(other.deps, `${def.name}.${check.other}`).toContain(check.field);
        const validate = own.validate as Record<string, (v: unknown, values: unknown) => true | string>;
        const type = def.fields[check.field].type;
        const [low, high] = type === 'date' ? ['2030-01-01', '2030-01-02'] : type === 'time' ? ['09:00', '10:30'] : [10, 20];
        const keeps = check.op.startsWith('<') ? { [check.field]: low, [check.other]: high } : { [check.field]: high, [check.other]: low };
        const breaks = { [check.field]: keeps[check.other], [check.other]: keeps[check.field] };
        expect(validate.compare(keeps[check.field], keeps), `${def.name} keeps`).toBe(true);
        expect(validate.compare(breaks[check.field], breaks), `${def.name} breaks`).toEqual(expect.any(String));
        expect(comparisonHolds(def, check, { [check.field]: null, [check.other]: high })).toBe(true);
      }
    }
  });

  it('names the fields someone else changed', () => {
    const def = resourceByName('patients');
    expect(fieldsChanged(def, { name: 'A', phone: '1', version: 1 }, { name: 'B', phone: '1', version: 2 })).toEqual(['name']);
    expect(changedOnly({ amount: 5, note: 'x' }, { amount: 5, note: 'y' })).toEqual({ note: 'x' });
  });

  it('says the whole allowed range of a number, in the user\'s language', () => {
    const temperature = resourceByName('vitalSigns').fields.body_temperature;
    const rules = fieldRules(translate, temperature, 'create');
    expect(rules.max).toMatchObject({ value: 45 });
    expect(String((rules.max as { message: string }).message)).toContain('30');
    expect(String((rules.max as { message: string }).message)).toContain('45');
  });

  it('names every audit action in the three languages', async () => {
    const { AUDIT_ACTIONS } = await import('../../src/shared/audit');
    for (const lang of ['en', 'ar', 'ckb']) {
      const file = (await import(`../../locales/${lang}.json`)) as { default: { audit: { actions: Record<string, string> } } };
      for (const action of AUDIT_ACTIONS) expect(file.default.audit.actions[action], `${lang} ${action}`).toBeTruthy();
    }
  });

  it('flags values outside the declared normal range, never inside it', () => {
    const temperature = resourceByName('vitalSigns').fields.body_temperature;
    expect(abnormality(temperature, 39.2)).toBe('high');
    expect(abnormality(temperature, 35)).toBe('low');
    expect(abnormality(temperature, 36.8)).toBeNull();
    expect(abnormality(temperature, null)).toBeNull();
    expect(abnormality(resourceByName('vitalSigns').fields.notes, 'x')).toBeNull();
  });
});
