// Money as people in Iraq read it: Iraqi dinars by default, grouped, no decimals (`25,000 د.ع`,
// `IQD 25,000`, Latin digits as every number on screen); a clinic may keep its accounts in US dollars instead (its setting, migration 035).
// One formatter for the screens, the printed documents and the server's texts.
import { isolateLtr } from './bidi';

export const CURRENCIES = ['IQD', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** A clinic's currency until its Main Doctor chooses another. */
export const DEFAULT_CURRENCY: Currency = 'IQD';

/**
 * The platform's own prices (plans) and its invoices to clinics. The plans were always priced in
 * dollars (Basic 300, Pro 500, Team 800 a year: 300 dinars would be a fifth of a dollar).
 */
export const PLATFORM_CURRENCY: Currency = 'USD';

export function isCurrency(value: unknown): value is Currency {
  return typeof value === 'string' && (CURRENCIES as readonly string[]).includes(value);
}

/**
 * The locale numbers are written in: Latin digits in every language, as the app's inputs (which
 * convert ٠١٢ as typed), dates and phones show them, and as the browser writes Kurdish numbers
 * anyway (Chromium carries no number data for ckb); Node with full ICU would write ٢٥٬٠٠٠.
 */
export function numberLocale(lang: string): string {
  return `${lang === 'en' ? 'en-US' : lang}-u-nu-latn`;
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A plain number in `lang` with at most `fractionDigits` decimals. The formatter is made once per
 * language and precision: `toLocaleString` builds a new one on every call, which cost a list of
 * numbers hundreds of milliseconds on a slowed phone CPU (issue 41).
 */
export function formatNumberIn(lang: string, value: number, fractionDigits: number): string {
  const key = `${lang}:${fractionDigits}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(numberLocale(lang), { maximumFractionDigits: fractionDigits });
    numberFormats.set(key, format);
  }
  return format.format(value);
}

/**
 * Money: English `IQD 25,000`; Kurdish and Arabic as written in Iraq, `25,000 د.ع.` (the
 * dinar's Arabic-script sign, which Iraqi Kurdish uses too; no browser has ckb currency data).
 */
function moneyLocale(lang: string): string {
  return lang === 'en' ? 'en-US' : 'ar-IQ-u-nu-latn';
}

const formats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: Currency, lang: string, cents: boolean): Intl.NumberFormat {
  const key = `${lang}:${currency}:${cents}`;
  let format = formats.get(key);
  if (!format) {
    // Dinars have no fraction in use (Intl already shows none); dollars show cents only when
    // there are some ($25 rather than $25.00).
    format = new Intl.NumberFormat(moneyLocale(lang), { style: 'currency', currency, ...(cents ? {} : { minimumFractionDigits: 0, maximumFractionDigits: 0 }) });
    formats.set(key, format);
  }
  return format;
}

/**
 * `25,000 د.ع.` / `IQD 25,000` / `$12.50`; a value that is no number is shown as it is. In Kurdish
 * and Arabic a Latin sign is in a left-to-right isolate, so every string of it (a plan's price, an
 * option, a print) shows `US$ 250`, never `$US 250`.
 */
export function formatMoney(value: unknown, currency: Currency, lang: string): string {
  const parts = formatMoneyParts(value, currency, lang);
  if (lang === 'en') return parts.map((p) => p.text).join('');
  return parts.map((p) => (p.sign && /[A-Za-z$]/.test(p.text) ? isolateLtr(p.text) : p.text)).join('');
}

/**
 * The same amount in its parts, the currency's sign one of them: a Latin sign (`US$`) inside
 * right-to-left text is drawn as `$US` unless the screen isolates it (MoneyText does).
 */
export function formatMoneyParts(value: unknown, currency: Currency, lang: string): { sign: boolean; text: string }[] {
  const n = typeof value === 'number' ? value : Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return [{ sign: false, text: String(value ?? '') }];
  const cents = currency !== 'IQD' && !Number.isInteger(Math.round(n * 100) / 100);
  return moneyFormat(currency, lang, cents)
    .formatToParts(n)
    .map((part) => ({ sign: part.type === 'currency', text: part.value }));
}

/** The currency's sign alone, in the language (`د.ع.`, `IQD`, `$`): an amount input's suffix. */
export function currencySign(currency: Currency, lang: string): string {
  const part = moneyFormat(currency, lang, false).formatToParts(0).find((p) => p.type === 'currency');
  return (part?.value ?? currency).replace(/[\u200e\u200f\u061c]/g, '');
}
