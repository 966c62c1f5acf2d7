// antd's strings per language: English is bundled; Central Kurdish (ours) and Arabic load with
// the language's texts (i18n/index.ts waits for both before the first draw, so no English shows),
// which keeps the Kurdish strings off the login page of a reader of another language.
import { useEffect, useState } from 'react';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Lang } from './index';

const loaded: Partial<Record<Lang, Locale>> = { en: enUS };
const LAZY: Partial<Record<Lang, () => Promise<{ default: Locale }>>> = { ckb: () => import('./antd-ckb'), ar: () => import('antd/es/locale/ar_EG') };
const loads: Partial<Record<Lang, Promise<void>>> = {};

/** Loads the language's antd strings once (again after a failure). */
export function loadAntdLocale(lang: Lang): Promise<void> {
  const load = LAZY[lang];
  if (loaded[lang] || !load) return Promise.resolve();
  loads[lang] ??= load().then(
    (m) => {
      loaded[lang] = m.default;
    },
    () => {
      delete loads[lang];
    },
  );
  return loads[lang];
}

export function useAntdLocale(lang: Lang): Locale {
  const [, setVersion] = useState(0);
  const locale = loaded[lang];
  useEffect(() => {
    if (loaded[lang] || !LAZY[lang]) return;
    let live = true;
    void loadAntdLocale(lang).then(() => {
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [lang]);
  return locale ?? enUS;
}
