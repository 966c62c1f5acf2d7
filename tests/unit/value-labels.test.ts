// Every coded value a person reads is a label in their language (issue 39, items 5 to 7): the
// Activity trail's actions and roles, plan history steps, and the words two buttons must not share.
import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import ckb from '../../locales/ckb.json';
import { resourceByName } from '../../resources/index';
import { PLAN_HISTORY_ACTIONS } from '../../resources/platform';
import { AUDIT_ACTIONS } from '../../src/shared/audit';
import { type Translate, codeLabelKey, fieldNamesText, recordLabelKey, valueLabel } from '../../src/shared/labels';
import { ACCOUNT_STATUS, remainingTone } from '../../src/client/pages/central/subscription';

type Tree = { [key: string]: string | Tree };
const files = { en, ar, ckb } as Record<string, Tree>;

/** A translate function over one locale file: the key's text, else the fallback, else the key. */
function translator(lang: string): Translate {
  return (key, options, fallback) => {
    const found = key.split('.').reduce<string | Tree | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), files[lang]);
    if (typeof found === 'string') return found;
    return typeof options === 'string' ? options : (fallback ?? key);
  };
}

const audit = resourceByName('centralAudit');
const history = resourceByName('planHistories');

describe('labels from the declaration', () => {
  it.each([
    ['enums.{actor_scope}Role.{}', 1, { actor_scope: 'central' }, 'enums.centralRole.1'],
    ['enums.{actor_scope}Role.{}', 0, { actor_scope: 'tenant' }, 'enums.tenantRole.0'],
    ['enums.{actor_scope}Role.{}', 0, { actor_scope: null }, null],
    ['audit.actions.{}', 'suspend', undefined, 'audit.actions.suspend'],
  ])('%s of %s reads the key %s', (template, value, record, key) => {
    expect(codeLabelKey(template, value, record as Record<string, unknown> | undefined)).toBe(key);
  });

  it.each([
    ['en', 'actor_role', 0, { actor_scope: 'central' }, 'Owner'],
    ['en', 'actor_role', 1, { actor_scope: 'central' }, 'Admin'],
    ['en', 'actor_role', 0, { actor_scope: 'tenant' }, 'Main Doctor'],
    ['ckb', 'actor_role', 1, { actor_scope: 'central' }, 'بەڕێوەبەر'],
    ['ar', 'actor_role', 0, { actor_scope: 'central' }, 'المالك'],
    ['en', 'actor_scope', 'central', {}, 'Platform staff'],
    ['en', 'action', 'suspend', {}, 'Suspended'],
    ['en', 'action', 'plan_change', {}, 'Plan changed'],
    ['en', 'action', 'request', {}, 'Request sent'],
    ['ckb', 'action', 'reactivate', {}, 'چالاککرایەوە'],
    ['ar', 'action', 'archive', {}, 'أرشفة'],
  ])('%s: the trail shows %s %s as %s', (lang, field, value, record, shown) => {
    expect(valueLabel(translator(lang), audit.fields[field], value, record)).toBe(shown);
  });

  it('names every action of the trail and every plan history step in every language, none raw', () => {
    for (const lang of Object.keys(files)) {
      const t = translator(lang);
      for (const action of AUDIT_ACTIONS) expect(valueLabel(t, audit.fields.action, action), `${lang}: ${action}`).not.toBe(action);
      for (const step of PLAN_HISTORY_ACTIONS) expect(valueLabel(t, history.fields.action, step), `${lang}: ${step}`).not.toBe(step);
      // The platform's acts on a clinic read differently from one another.
      const acts = ['suspend', 'archive', 'reactivate', 'renew', 'plan_change', 'request', 'accept', 'reject', 'update'].map((a) => valueLabel(t, audit.fields.action, a));
      expect(new Set(acts).size, lang).toBe(acts.length);
    }
  });

  it.each([
    ['en', ['status', 'plan_id'], ['Status', 'Plan']],
    ['ckb', ['status'], ['دۆخ']],
    ['en', ['sessions'], ['sessions']],
  ])("%s: an event's changed fields %j read as %j", (lang, names, shown) => {
    expect(fieldNamesText(translator(lang), names, resourceByName('tenants'))).toEqual(shown);
  });

  it("keys a record's title by its resource and id", () => {
    expect(recordLabelKey(audit.fields.record_id, 3, { resource: 'tenants' })).toBe('tenants:3');
    expect(recordLabelKey(audit.fields.patient_id, 7, {})).toBe('patients:7');
    expect(recordLabelKey(history.fields.tenant_id, 3, {})).toBe('3');
  });
});

describe("a doctor's page", () => {
  it.each([
    [304, ACCOUNT_STATUS.active, 'ok'],
    [10, ACCOUNT_STATUS.active, 'soon'],
    [-1, ACCOUNT_STATUS.active, 'expired'],
    [304, ACCOUNT_STATUS.suspended, 'suspended'],
    [-5, ACCOUNT_STATUS.suspended, 'suspended'],
    [304, ACCOUNT_STATUS.archived, 'archived'],
  ])('%s days left in status %s reads as %s', (days, status, tone) => {
    expect(remainingTone(days, status)).toBe(tone);
  });

  // Two buttons side by side on one page never read the same (Renew issues an invoice).
  it.each(Object.keys(files))('%s: Refresh and Renew, and each status action, read differently', (lang) => {
    const t = translator(lang);
    const words = ['buttons.refresh', 'doctors.renew', 'doctors.changePlan', 'doctors.suspend', 'doctors.archive', 'doctors.reactivate', 'buttons.edit', 'buttons.delete'].map((k) => t(k));
    expect(new Set(words).size).toBe(words.length);
  });
});
