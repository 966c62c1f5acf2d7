// Issue 17: left-to-right tokens isolated in right-to-left text (the engine's renderers and
// inputs), money in the clinic's currency, whole ticks and mirrored axes on count charts.
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { fieldDir, type FieldDef } from '../../src/shared/resource';
import { isolateAuto, isolateLtr, stripBidiMarks } from '../../src/shared/bidi';
import { currencySign, formatMoney, formatNumberIn, isCurrency, numberLocale } from '../../src/shared/money';
import { chartAxes, integerTicks } from '../../src/client/engine/chartAxes';
import { MoneyText, groupDigits } from '../../src/client/engine/MoneyText';
import { setLocale } from '../../src/client/i18n';
import { FieldValue } from '../../src/client/engine/FieldValue';
import { FieldInput } from '../../src/client/engine/FieldInput';
import { resourceByName } from '../../resources';

const patients = resourceByName('patients');
const tenants = resourceByName('tenants');

describe('direction of a field', () => {
  it('is left to right for Latin tokens, by type or declaration, and follows a language suffix', () => {
    expect(fieldDir('email', { type: 'email' })).toBe('ltr');
    expect(fieldDir('phone', { type: 'phone' })).toBe('ltr');
    expect(fieldDir('link', { type: 'url' })).toBe('ltr');
    expect(fieldDir('blood_group', patients.fields.blood_group)).toBe('ltr');
    expect(fieldDir('subdomain', tenants.fields.subdomain)).toBe('ltr');
    expect(fieldDir('username', tenants.fields.username)).toBe('ltr');
    expect(fieldDir('title_en', { type: 'string' })).toBe('ltr');
    expect(fieldDir('title_ar', { type: 'string' })).toBe('rtl');
    expect(fieldDir('description_ckb', { type: 'text' })).toBe('rtl');
    expect(fieldDir('name', { type: 'string' })).toBeUndefined();
  });

  it('isolates plain strings with Unicode isolates, and takes them off again', () => {
    expect(isolateLtr('2025-01-02 10:30')).toBe('\u20662025-01-02 10:30\u2069');
    expect(isolateAuto('AB+')).toBe('\u2068AB+\u2069');
    expect(stripBidiMarks(`ژمارە ${isolateLtr('+964 750')}\u200f`)).toBe('ژمارە +964 750');
  });
});

describe('values and inputs the engine renders', () => {
  const html = (field: FieldDef, value: unknown, name = '') => renderToStaticMarkup(<FieldValue name={name} field={field} value={value} />);

  it('shows Latin tokens inside isolating elements, left to right', () => {
    expect(html(patients.fields.blood_group, 4, 'blood_group')).toMatch(/<bdi dir="ltr">AB\+<\/bdi>/);
    expect(html({ type: 'email' }, 'dr.ahmad@clinic.iq', 'email')).toContain('<bdi dir="ltr">dr.ahmad@clinic.iq</bdi>');
    // Dates and times also stay on one line.
    expect(html({ type: 'date' }, '2025-01-02')).toContain('<bdi dir="ltr" class="no-wrap">2025-01-02</bdi>');
    expect(html({ type: 'datetime' }, '2025-01-02T10:30:00')).toMatch(/<bdi dir="ltr" class="no-wrap">2025-01-02 \d\d:\d\d<\/bdi>/);
    expect(html(tenants.fields.subdomain, 'dr-ahmad', 'subdomain')).toContain('<bdi dir="ltr">dr-ahmad</bdi>');
    expect(html({ type: 'string' }, 'Title', 'title_en')).toContain('<bdi dir="ltr">Title</bdi>');
    expect(html({ type: 'string' }, 'ناونیشان', 'title_ckb')).toContain('<bdi dir="rtl">ناونیشان</bdi>');
    // Free text: isolated in its own direction (`<bdi>` is dir=auto), `5 mg` never `mg 5`.
    expect(html({ type: 'string' }, '5 mg', 'dose')).toContain('<bdi>5 mg</bdi>');
  });

  it('gives inputs the field direction whatever the interface language', () => {
    const dirOf = (name: string, field: FieldDef) => /<(?:input|textarea)[^>]*\sdir="([a-z]+)"/.exec(renderToStaticMarkup(<FieldInput name={name} field={field} value="" onChange={() => undefined} />))?.[1];
    expect(dirOf('email', { type: 'email' })).toBe('ltr');
    expect(dirOf('phone', { type: 'phone' })).toBe('ltr');
    expect(dirOf('username', tenants.fields.username)).toBe('ltr');
    expect(dirOf('title_en', { type: 'string' })).toBe('ltr');
    expect(dirOf('title_ar', { type: 'string' })).toBe('rtl');
    expect(dirOf('description_ckb', { type: 'text' })).toBe('rtl');
    expect(dirOf('name', { type: 'string' })).toBeUndefined();
  });
});

describe('money', () => {
  it('writes plain numbers in Latin digits in every language', () => {
    expect((25000).toLocaleString(numberLocale('ckb'))).toBe('25,000');
    expect((25000).toLocaleString(numberLocale('ar'))).toBe('25,000');
  });

  it.each([
    ['ckb', 1234.567, 2, '1,234.57'],
    ['ar', 1234.567, 0, '1,235'],
    ['en', 0.5, 2, '0.5'],
    ['ckb', 1234.567, 0, '1,235'],
  ] as const)('formats a plain number in %s (%d, %d decimals) with one formatter per language and precision', (lang, value, digits, shown) => {
    expect(formatNumberIn(lang, value, digits)).toBe(shown);
    expect(formatNumberIn(lang, value, digits)).toBe(value.toLocaleString(numberLocale(lang), { maximumFractionDigits: digits }));
  });

  // Intl puts a no-break space between amount and sign, and direction marks in Arabic script.
  const plain = (text: string) => stripBidiMarks(text).replace(/\u00a0/g, ' ');
  it('is dinars grouped without decimals, in each language digits', () => {
    expect(plain(formatMoney(25000, 'IQD', 'en'))).toBe('IQD 25,000');
    expect(plain(formatMoney(25000, 'IQD', 'ar'))).toBe('25,000 د.ع.');
    // Latin digits in Kurdish too, as every number, date and phone on screen.
    expect(plain(formatMoney(25000, 'IQD', 'ckb'))).toBe('25,000 د.ع.');
    expect(plain(formatMoney(1250000.4, 'IQD', 'en'))).toBe('IQD 1,250,000');
    expect(plain(formatMoney('750000', 'IQD', 'en'))).toBe('IQD 750,000');
  });

  it('is dollars with cents only when there are some', () => {
    expect(plain(formatMoney(300, 'USD', 'en'))).toBe('$300');
    expect(plain(formatMoney(12.5, 'USD', 'en'))).toBe('$12.50');
    expect(plain(formatMoney(300, 'USD', 'ckb'))).toBe('300 US$');
    // A Latin sign in right-to-left text is isolated in the string itself (a plan's price, an option).
    expect(formatMoney(300, 'USD', 'ckb')).toContain('\u2066US$\u2069');
    expect(formatMoney(300, 'USD', 'ar')).toContain('\u2066US$\u2069');
    expect(formatMoney(300, 'USD', 'en')).toBe('$300');
    expect(formatMoney(25000, 'IQD', 'ckb')).not.toMatch(/[\u2066\u2069]/);
  });

  it('shows what is no number as it is, and knows its currencies', () => {
    expect(plain(formatMoney('n/a', 'IQD', 'en'))).toBe('n/a');
    expect(plain(formatMoney(null, 'IQD', 'en'))).toBe('');
    expect(currencySign('IQD', 'en')).toBe('IQD');
    expect(currencySign('IQD', 'ckb')).toBe('د.ع.');
    expect(currencySign('USD', 'en')).toBe('$');
    expect([isCurrency('IQD'), isCurrency('USD'), isCurrency('EUR'), isCurrency('iqd'), isCurrency(1)]).toEqual([true, true, false, false, false]);
  });

  it('groups an amount as it is typed', () => {
    expect(groupDigits('25000')).toBe('25,000');
    expect(groupDigits(1250000)).toBe('1,250,000');
    expect(groupDigits('1000.5')).toBe('1,000.5');
    expect(groupDigits('')).toBe('');
  });

  it('renders in the app currency (dinars on a clinic host by default)', () => {
    // The unit runner has no window: the host is the main one, whose currency is the platform's.
    expect(renderToStaticMarkup(<FieldValue field={{ type: 'money' }} value={300} />)).toMatch(/data-currency="USD"/);
  });

  it('keeps a Latin sign in an isolate of its own, so Kurdish text shows US$ 250, not $US 250', async () => {
    await setLocale('ckb');
    const markup = renderToStaticMarkup(<MoneyText value={250} currency="USD" />);
    expect(markup).toMatch(/<bdi>US\$<\/bdi>/);
    expect(plain(markup.replace(/<[^>]+>/g, ''))).toBe(plain(formatMoney(250, 'USD', 'ckb')));
    await setLocale('en');
  });
});

describe('count charts', () => {
  it('tick on whole numbers only', () => {
    expect(integerTicks(0, 2)).toEqual([0, 1, 2]);
    expect(integerTicks(0, 1, 5)).toEqual([0, 1]);
    expect(integerTicks(0, 0.6)).toEqual([0, 1]);
    expect(integerTicks(0, 37)).toEqual([0, 10, 20, 30]);
    expect(integerTicks(0, 7)).toEqual([0, 2, 4, 6]);
    expect(integerTicks(3, 3)).toEqual([3]);
    for (const [lo, hi] of [[0, 3], [0, 13], [2, 250], [0, 1.5]]) expect(integerTicks(lo, hi).every(Number.isInteger)).toBe(true);
  });

  it('mirror in right-to-left languages: value axis on the right, categories from the right', () => {
    const rtl = chartAxes({ rtl: true, counts: true });
    expect(rtl.axis.y.position).toBe('right');
    expect(rtl.scale.x?.range).toEqual([1, 0]);
    expect(rtl.axis.y.tickMethod).toBe(integerTicks);
    expect(rtl.scale.y.domainMin).toBe(0);
    const ltr = chartAxes({ rtl: false, counts: false });
    expect(ltr.axis.y.position).toBeUndefined();
    expect(ltr.scale.x).toBeUndefined();
    expect(ltr.axis.y.tickMethod).toBeUndefined();
  });
});
