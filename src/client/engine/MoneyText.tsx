// An amount of money as the reader's language writes it, in the clinic's currency (or the one
// given: the platform's invoices and plans are in the platform's), isolated from the text around.
// The amount input is in MoneyInput.tsx, so a list showing amounts loads no number input.
import { useTranslation } from 'react-i18next';
import { type Currency, formatMoney, formatMoneyParts } from '../../shared/money';
import { useCurrency } from '../providers/currency';

/** A formatter for amounts in the app's currency (or `currency`), re-made on language or setting change. */
export function useMoney(currency?: Currency): (value: unknown) => string {
  const own = useCurrency();
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return (value) => formatMoney(value ?? 0, currency ?? own, lang);
}

/** The sign in its own isolate: `US$ 250` stays so in Kurdish and Arabic text, never `$US 250`. */
export function MoneyText({ value, currency }: { value: unknown; currency?: Currency }) {
  const own = useCurrency();
  const { i18n } = useTranslation();
  const parts = formatMoneyParts(value ?? 0, currency ?? own, i18n.language);
  return <bdi data-currency={currency ?? own}>{parts.map((p, i) => (p.sign ? <bdi key={i}>{p.text}</bdi> : p.text))}</bdi>;
}

/** The integer part of a typed amount grouped by thousands (25000 -> 25,000) as it is typed. */
export function groupDigits(text: string | number | undefined): string {
  const [whole = '', fraction] = String(text ?? '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}
