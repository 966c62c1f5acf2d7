// Server messages in the caller's language (Accept-Language), from the same locale files as the UI.
import { createInstance, type TOptions } from 'i18next';
import type { Translate } from '../shared/labels';
import ar from '../../locales/ar.json';
import ckb from '../../locales/ckb.json';
import en from '../../locales/en.json';

export const LANGUAGES = ['ckb', 'ar', 'en'] as const;
export type Lang = (typeof LANGUAGES)[number];
export const DEFAULT_LANG: Lang = 'ckb';

const i18n = createInstance();
void i18n.init({
  resources: { en: { translation: en }, ar: { translation: ar }, ckb: { translation: ckb } },
  lng: DEFAULT_LANG,
  fallbackLng: DEFAULT_LANG,
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** Picks the first supported language of an Accept-Language header; Central Kurdish otherwise. */
export function pickLanguage(header: string | undefined): Lang {
  if (!header) return DEFAULT_LANG;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0];
    if (base === 'ckb' || tag === 'ku-iq' || tag === 'ku-arab') return 'ckb';
    if (base === 'ar') return 'ar';
    if (base === 'en') return 'en';
  }
  return DEFAULT_LANG;
}

export function translate(lang: Lang, key: string, vars?: TOptions): string {
  return i18n.t(key, { ...vars, lng: lang });
}

/** The shared labels' translate function in one language (a string option: the fallback when the key is missing). */
export function translator(lang: Lang): Translate {
  return (key, options, defaultMessage) => {
    const fallback = typeof options === 'string' ? options : defaultMessage;
    if (fallback !== undefined && !i18n.exists(key, { lng: lang })) return fallback;
    return i18n.t(key, { ...(typeof options === 'object' ? options : {}), lng: lang });
  };
}
