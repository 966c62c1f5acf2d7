// antd's strings per language: Central Kurdish (ours) and English are bundled; Arabic loads when
// it is first used (until then antd shows English for the moment it takes).
import { useEffect, useState } from 'react';
import type { Locale } from 'antd/es/locale';
import enUS from 'antd/es/locale/en_US';
import type { Lang } from './index';
import antdCkb from './antd-ckb';

const loaded: Partial<Record<Lang, Locale>> = { en: enUS, ckb: antdCkb };
const LAZY: Partial<Record<Lang, () => Promise<{ default: Locale }>>> = { ar: () => import('antd/es/locale/ar_EG') };

export function useAntdLocale(lang: Lang): Locale {
  const [, setVersion] = useState(0);
  const locale = loaded[lang];
  useEffect(() => {
    const load = LAZY[lang];
    if (loaded[lang] || !load) return;
    let live = true;
    void load().then((m) => {
      loaded[lang] = m.default;
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [lang]);
  return locale ?? enUS;
}
