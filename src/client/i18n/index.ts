// i18next set-up and the Refine i18n provider. ckb is the default and the fallback; the choice is
// kept in localStorage under `user-locale` and mirrored on <html lang dir> and in dayjs.
// Each language's texts are a chunk of their own, loaded when the language is used, so a page
// loads the active language's texts only (English and Arabic also load their dayjs locale).
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey, type TOptions } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { I18nProvider } from '@refinedev/core';
import dayjs from 'dayjs';
import 'dayjs/locale/ku';
import { storage } from '../storage';
import { loadAntdLocale } from './antdLocale';

export const LANGUAGES = ['en', 'ar', 'ckb'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'ckb';
export const LOCALE_KEY = 'user-locale';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function isRtl(lang: string): boolean {
  return lang === 'ar' || lang === 'ckb';
}

export function storedLocale(): Lang {
  const value = storage()?.getItem(LOCALE_KEY);
  return isLang(value) ? value : DEFAULT_LANG;
}

/** dayjs has Sorani under `ku`. */
export function dayjsLocale(lang: Lang): string {
  return lang === 'ckb' ? 'ku' : lang;
}

/** The texts of each language, one chunk each. */
const LAZY_TEXTS: Record<Lang, () => Promise<{ default: ResourceKey }>> = {
  ckb: () => import('../../../locales/ckb.json'),
  en: () => import('../../../locales/en.json'),
  ar: () => import('../../../locales/ar.json'),
};

/** i18next loads a language's texts through this when the language is first used. */
const lazyTexts: BackendModule = {
  type: 'backend',
  callbackApi: false,
  init: () => undefined,
  read: async (language: string) => {
    const load = isLang(language) ? LAZY_TEXTS[language] : undefined;
    return load ? (await load()).default : {};
  },
};

/** dayjs locales other than Sorani (`ku`, bundled): loaded once, when the language is chosen. */
const LAZY_DAYJS: Partial<Record<Lang, () => Promise<unknown>>> = {
  ar: () => import('dayjs/locale/ar'),
};
const dayjsLoads: Partial<Record<Lang, Promise<unknown>>> = {};

function loadDayjsLocale(lang: Lang): Promise<unknown> {
  const load = LAZY_DAYJS[lang];
  if (!load) return Promise.resolve();
  dayjsLoads[lang] ??= load().catch(() => {
    delete dayjsLoads[lang];
  });
  return dayjsLoads[lang];
}

export const i18n: I18n = i18next.createInstance();
const initialized = i18n
  .use(lazyTexts)
  .use(initReactI18next)
  .init({
    lng: storedLocale(),
    // No i18next fallback: it would load Central Kurdish beside every other language. Every key
    // is in all three files (tests/unit/locales.test.ts); translateWith falls back to Central
    // Kurdish by hand when its texts happen to be loaded.
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });

/** Resolves when the starting language's texts (and dayjs locale) are loaded: await it before the first render. */
export async function i18nReady(): Promise<void> {
  await Promise.all([initialized.catch(() => undefined), loadDayjsLocale(currentLang()), loadAntdLocale(currentLang())]);
}

/** Reflect the language on the document (lang, dir) and on dayjs. */
export function applyDocumentLocale(lang: Lang): void {
  dayjs.locale(dayjsLocale(lang));
  if (typeof document === 'undefined') return;
  document.documentElement.lang = lang;
  document.documentElement.dir = isRtl(lang) ? 'rtl' : 'ltr';
}

export function currentLang(): Lang {
  return isLang(i18n.language) ? i18n.language : DEFAULT_LANG;
}

export async function setLocale(lang: Lang): Promise<void> {
  storage()?.setItem(LOCALE_KEY, lang);
  await Promise.all([i18n.changeLanguage(lang), loadDayjsLocale(lang), loadAntdLocale(lang)]);
  applyDocumentLocale(lang);
}

/**
 * translate(key, options?, default?) or translate(key, "Default text"): Refine calls both forms.
 * A missing key gives the default text, or the key itself when there is none.
 */
export function translate(key: string, options?: TOptions | string, defaultMessage?: string): string {
  // A text with nothing to fill in is looked up once per language: a list's first draw asks for
  // the same few (column titles, enum labels, buttons) in every row, and each lookup is two of
  // i18next's (exists, then t): a tenth of the rows' first draw on a phone (issue 41).
  if (options === undefined || typeof options === 'string' || isOnlyDefault(options)) {
    const fallback = typeof options === 'string' ? options : (defaultMessage ?? options?.defaultValue);
    const cacheKey = `${i18n.language}\u0000${key}\u0000${typeof fallback === 'string' ? fallback : ''}`;
    let text = plainTexts.get(cacheKey);
    if (text === undefined) {
      text = translateWith({}, key, options, defaultMessage);
      plainTexts.set(cacheKey, text);
    }
    return text;
  }
  return translateWith({}, key, options, defaultMessage);
}

/** Texts without values to fill in, by language, key and fallback; emptied whenever the texts or the language change. */
const plainTexts = new Map<string, string>();
const forgetTexts = () => plainTexts.clear();
i18n.on('languageChanged', forgetTexts);
i18n.on('loaded', forgetTexts);
i18n.store.on('added', forgetTexts);
i18n.store.on('removed', forgetTexts);

function isOnlyDefault(options: TOptions): boolean {
  for (const name in options) if (name !== 'defaultValue') return false;
  return options.defaultValue === undefined || typeof options.defaultValue === 'string';
}

function translateWith(extra: TOptions, key: string, options?: TOptions | string, defaultMessage?: string): string {
  const opts: TOptions = { ...(typeof options === 'string' || !options ? {} : options), ...extra };
  // The fallback may come as Refine's string, a third argument, or i18next's own defaultValue.
  const given = typeof options === 'object' && typeof options.defaultValue === 'string' ? options.defaultValue : undefined;
  const fallback = typeof options === 'string' ? options : (defaultMessage ?? given);
  if (i18n.exists(key, opts)) return String(i18n.t(key, opts));
  // A key missing in another language shows the Central Kurdish text, if those texts are loaded.
  const kurdish: TOptions = { ...opts, lng: DEFAULT_LANG };
  if ((opts.lng ?? i18n.language) !== DEFAULT_LANG && i18n.hasResourceBundle(DEFAULT_LANG, 'translation') && i18n.exists(key, kurdish)) {
    return String(i18n.t(key, kurdish));
  }
  return fallback ?? key;
}

/** Loads a language's texts without switching the interface to it (a prescription printed in another language). */
export async function loadLanguage(lang: Lang): Promise<void> {
  await i18n.loadLanguages(lang);
}

/** translate() in a given language, whatever the interface shows (its texts must be loaded). */
export function fixedTranslate(lang: Lang): (key: string, options?: TOptions | string, defaultMessage?: string) => string {
  return (key, options, defaultMessage) => translateWith({ lng: lang }, key, options, defaultMessage);
}

export const i18nProvider: I18nProvider = {
  translate,
  changeLocale: (lang: string) => (isLang(lang) ? setLocale(lang) : Promise.resolve()),
  getLocale: () => currentLang(),
};
