// An amount input in the clinic's currency (or the one given), grouped by thousands as typed.
// Apart from MoneyText.tsx so the lists that only show amounts do not load antd's number input.
import { useTranslation } from 'react-i18next';
import { type Currency, currencySign } from '../../shared/money';
import { NumberInput, type NumberInputProps } from './digitInputs';
import { useCurrency } from '../providers/currency';
import { groupDigits } from './MoneyText';

/** An amount input: grouped as typed, the currency's sign after it (the app's, or `currency`). */
export function MoneyInput({ currency, ...props }: NumberInputProps & { currency?: Currency }) {
  const own = useCurrency();
  const { i18n } = useTranslation();
  return <NumberInput formatter={groupDigits} suffix={currencySign(currency ?? own, i18n.language)} {...props} />;
}
