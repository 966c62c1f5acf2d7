// A relation whose name cannot be read (engine/unnamed.ts): "not known on this device" only during
// a cut; online the name is not available to this user (a central Admin reading a doctor's plan),
// in each language.
import { describe, expect, it } from 'vitest';
import { unnamedText } from '../../src/client/engine/unnamed';
import en from '../../locales/en.json';
import ar from '../../locales/ar.json';
import ckb from '../../locales/ckb.json';

const LOCALES = { en, ar, ckb } as const;
const DEVICE = { en: 'device', ar: 'الجهاز', ckb: 'ئامێر' } as const;

describe('an unnamed relation', () => {
  for (const [lang, texts] of Object.entries(LOCALES) as [keyof typeof LOCALES, (typeof LOCALES)[keyof typeof LOCALES]][]) {
    const common = texts.common as unknown as Record<string, string>;
    const t = (key: string) => common[key.replace(/^common\./, '')] ?? key;
    it.each([
      ['during a cut', true, true],
      ['online', false, false],
    ])(`${lang}: %s it names the device: %s`, (_when, cut, device) => {
      const text = unnamedText(t, cut);
      expect(text).not.toMatch(/^common\./);
      expect(text.includes(DEVICE[lang])).toBe(device);
    });
  }
});
