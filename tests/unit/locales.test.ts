import { describe, expect, it } from 'vitest';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import ckb from '../../locales/ckb.json';
import { resources } from '../../resources';
import { ENUMS } from '../../src/shared/enums';
import { SCREENS } from '../../src/client/engine/screens';
import { allFields, defineResource } from '../../src/shared/resource';
import { missingLabels } from '../../src/shared/label-keys';

type Tree = { [key: string]: string | Tree };
const files: Record<string, Tree> = { en: en as Tree, ar: ar as Tree, ckb: ckb as Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out[prefix + k] = v;
    else Object.assign(out, flatten(v, `${prefix}${k}.`));
  }
  return out;
}

const flat = Object.fromEntries(Object.entries(files).map(([l, t]) => [l, flatten(t)]));

describe('locale files', () => {
  it('have the same keys in en, ar and ckb', () => {
    const keys = (l: string) => Object.keys(flat[l]).sort();
    expect(keys('ar')).toEqual(keys('en'));
    expect(keys('ckb')).toEqual(keys('en'));
  });

  it('have no empty values and interpolation variables match', () => {
    for (const lang of ['ar', 'ckb']) {
      for (const [key, value] of Object.entries(flat[lang])) {
        expect(value.trim(), `${lang}:${key}`).not.toBe('');
        const vars = (s: string) => (s.match(/\{\{\s*\w+\s*\}\}/g) ?? []).map((v) => v.replace(/\s/g, '')).sort();
        expect(vars(value), `${lang}:${key}`).toEqual(vars(flat.en[key]));
      }
    }
  });

  it('Arabic and Kurdish are real translations written in Arabic script', () => {
    for (const lang of ['ar', 'ckb']) {
      const values = Object.entries(flat[lang]).filter(([k]) => !k.startsWith('enums.bloodGroup') && !k.startsWith('lang.'));
      const arabicScript = values.filter(([, v]) => /[\u0600-\u06FF]/.test(v));
      expect(arabicScript.length / values.length).toBeGreaterThan(0.95);
    }
    // Sorani letters that Arabic does not use
    expect(Object.values(flat.ckb).join(' ')).toMatch(/[ڕڵێۆە]/);
  });

  // What the Arabic screen scan left to this test (tests/e2e/every-screen.ts): a text with English
  // words that one translation gives as in English, where the other has its own, was not translated.
  it('leave no English text in one translation that the other translates', () => {
    const pairs = [['ar', 'ckb'], ['ckb', 'ar']] as const;
    const left = pairs.flatMap(([lang, other]) =>
      Object.entries(flat.en)
        .filter(([key, text]) => /[A-Za-z]{3}/.test(text) && flat[lang][key] === text && flat[other][key] !== text)
        .map(([key, text]) => `${lang}:${key} "${text}"`),
    );
    expect(left).toEqual([]);
  });

  it("have the empty-list texts SPEC section 8 names (lists without one say 'No data')", () => {
    for (const lang of Object.keys(flat)) {
      for (const name of ['appointments', 'visitings', 'expenses', 'incomes']) expect(flat[lang][`resources.${name}.empty`], `${lang}: ${name}`).toBeTruthy();
      for (const key of ['common.empty', 'notificationsPage.empty', 'notificationsPage.emptyUnread']) expect(flat[lang][key], `${lang}: ${key}`).toBeTruthy();
    }
  });

  it('label every registry resource, field and enum value, and every screen', () => {
    for (const lang of Object.keys(flat)) {
      const has = (k: string) => k in flat[lang];
      for (const def of resources) {
        expect(has(`resources.${def.name}.title`), `${lang}: ${def.name}`).toBe(true);
        for (const field of Object.keys(allFields(def))) {
          expect(has(`resources.${def.name}.fields.${field}`) || has(`fields.${field}`), `${lang}: ${def.name}.${field}`).toBe(true);
        }
      }
      for (const [name, values] of Object.entries(ENUMS)) for (const v of values) expect(has(`enums.${name}.${v}`), `${lang}: ${name}.${v}`).toBe(true);
      for (const s of SCREENS) expect(has(`nav.${s.key}`), `${lang}: nav.${s.key}`).toBe(true);
    }
  });

  it('keep the server message sections', () => {
    for (const lang of Object.keys(files)) for (const section of ['errors', 'messages', 'validation']) expect(files[lang][section]).toBeTypeOf('object');
  });
});

// Every key a declaration asks (src/shared/label-keys.ts, what `npm run labels` prints): its title
// and fields, its enumerations' values, and the keys it names itself (row actions' texts, quick
// filters, a boolean's two labels, a string field's choices): a typo there would show a raw key on screen.
describe('texts named by declarations', () => {
  it.each(['en', 'ar', 'ckb'])('are all in %s', (lang) => {
    const missing = resources.flatMap((def) => missingLabels(def, (key) => !!flat[lang][key]).map((key) => `${def.name}: ${key}`));
    expect(missing).toEqual([]);
  });

  it.each([
    ['a title', {}, 'resources.things.title'],
    ["a field's label, its own or the shared one", { 'resources.things.title': 't' }, 'resources.things.fields.kind'],
    ['an enumeration value', { 'resources.things.title': 't', 'fields.kind': 'k', 'enums.priority.0': 'a', 'enums.priority.1': 'b' }, 'enums.priority.2'],
    ["a row action's notice", { 'resources.things.title': 't', 'fields.kind': 'k', 'enums.priority.0': 'a', 'enums.priority.1': 'b', 'enums.priority.2': 'c', 'things.act': 'a', 'things.sure': 's' }, 'things.done'],
  ])('name %s missing', (_n, present: Record<string, string>, first) => {
    const things = defineResource({
      name: 'things', path: 'things', table: 'things', scope: 'tenant', titleField: 'kind', defaultSort: '-id',
      rowActions: [{ key: 'act', set: { kind: 1 }, label: 'things.act', confirm: 'things.sure', done: 'things.done' }],
      fields: { kind: { type: 'enum', enum: 'priority' } },
    });
    const has = (key: string) => key in present || /^fields\.(id|created_at|updated_at|version)$/.test(key);
    expect(missingLabels(things, has)[0]).toBe(first);
  });
});
