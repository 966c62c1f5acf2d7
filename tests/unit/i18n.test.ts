import './helpers/env';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LANG, LOCALE_KEY, currentLang, dayjsLocale, i18n, i18nProvider, i18nReady, isRtl, setLocale, translate } from '../../src/client/i18n';
import antdCkb from '../../src/client/i18n/antd-ckb';
import dayjs from 'dayjs';

describe('i18n provider', () => {
  // Every language's texts, Central Kurdish's too, load on demand (as the app awaits them).
  beforeAll(() => i18nReady());

  it('starts in ckb, the default', () => {
    expect(DEFAULT_LANG).toBe('ckb');
    expect(currentLang()).toBe('ckb');
    expect(translate('buttons.save')).toBe('پاشەکەوتکردن');
  });

  it('accepts a default string as the second argument (as Refine calls it)', async () => {
    await setLocale('en');
    expect(translate('buttons.save', 'Save it')).toBe('Save');
    expect(translate('no.such.key', 'Default text')).toBe('Default text');
    expect(i18nProvider.translate('no.such.key', 'Default text')).toBe('Default text');
    expect(translate('no.such.key', {}, 'Third argument')).toBe('Third argument');
    expect(translate('no.such.key')).toBe('no.such.key');
    // i18next's own defaultValue (an empty list's text falling back to the common one) is not a raw key.
    expect(translate('resources.heros.empty', { defaultValue: 'No data yet' })).toBe('No data yet');
    expect(translate('validation.minLength', { limit: 12 })).toBe('Must be at least 12 characters');
  });

  it('falls back to ckb for a key missing in the current language', async () => {
    i18n.addResource('ckb', 'translation', 'test.onlyInKurdish', 'تەنها کوردی');
    await setLocale('en');
    expect(translate('test.onlyInKurdish', 'fallback')).toBe('تەنها کوردی');
  });

  it('gives a text changed or added after it was first asked for, and follows the language', async () => {
    await setLocale('en');
    expect(translate('test.changing', 'fallback')).toBe('fallback');
    i18n.addResource('en', 'translation', 'test.changing', 'First');
    expect(translate('test.changing', 'fallback')).toBe('First');
    expect(translate('test.changing')).toBe('First');
    i18n.addResource('en', 'translation', 'test.changing', 'Second');
    expect(translate('test.changing', 'fallback')).toBe('Second');
    i18n.addResourceBundle('ckb', 'translation', { test: { changing: 'یەکەم' } }, true, true);
    await setLocale('ckb');
    expect(translate('test.changing', 'fallback')).toBe('یەکەم');
    // The same key with another fallback, and with values to fill in, are their own.
    expect(translate('test.missing', 'one')).toBe('one');
    expect(translate('test.missing', 'two')).toBe('two');
    expect(translate('test.missing', { defaultValue: 'three' })).toBe('three');
    i18n.addResource('ckb', 'translation', 'test.count', '{{count}} دانە');
    expect(translate('test.count', { count: 2 })).toBe('2 دانە');
    expect(translate('test.count', { count: 3 })).toBe('3 دانە');
  });

  it('keeps the choice in localStorage user-locale and tracks direction and dayjs', async () => {
    await i18nProvider.changeLocale('ar');
    expect(localStorage.getItem(LOCALE_KEY)).toBe('ar');
    expect(i18nProvider.getLocale()).toBe('ar');
    expect(dayjs.locale()).toBe('ar');
    await setLocale('ckb');
    expect(dayjs.locale()).toBe('ku');
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('ckb')).toBe(true);
    expect(isRtl('en')).toBe(false);
    expect(dayjsLocale('ckb')).toBe('ku');
    await i18nProvider.changeLocale('fr');
    expect(i18nProvider.getLocale()).toBe('ckb');
  });

  it('has its own Central Kurdish antd locale (not Kurmanji ku_IQ)', () => {
    expect(antdCkb.locale).toBe('ckb');
    expect(antdCkb.Modal?.okText).toBe('باشە');
    expect(antdCkb.Empty?.description).toMatch(/[\u0600-\u06FF]/);
  });
});
