// The clinic's currency (Main Doctor, Settings -> Profile): every amount of the clinic's screens
// follows it at once. Amounts are not converted: it says what the numbers already are.
import { Card, Select, Space, Typography } from 'antd';
import { DollarOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useT } from '../../i18n/useT';
import { useAction } from '../../engine/useAction';
import { setClinicCurrency, useCurrency } from '../../providers/currency';
import { CURRENCIES, type Currency, formatMoney } from '../../../shared/money';

export function ClinicCurrencyCard() {
  const t = useT();
  const { i18n } = useTranslation();
  const currency = useCurrency();
  const { run, busy: saving } = useAction<{ data: { currency: Currency } }>({ success: t('clinic.currencySaved', 'The currency was changed') });
  const change = async (next: Currency) => {
    try {
      const body = await run({ url: '/settings/clinic', method: 'put', values: { currency: next } });
      setClinicCurrency(body.data.currency);
    } catch {
      // Told by Refine.
    }
  };
  return (
    <Card title={<Space><DollarOutlined />{t('clinic.currencyTitle', 'Currency')}</Space>} data-testid="clinic-currency">
      <Select<Currency>
        id="clinic-currency"
        style={{ minWidth: 240 }}
        value={currency}
        loading={saving}
        disabled={saving}
        onChange={(v) => void change(v)}
        aria-label={t('clinic.currencyTitle', 'Currency')}
        options={CURRENCIES.map((c) => ({ value: c, label: <span data-testid={`currency-${c}`}>{t(`clinic.currencies.${c}`, c)} · <bdi>{formatMoney(25000, c, i18n.language)}</bdi></span> }))}
      />
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('clinic.currencyHelp', 'Every amount of the clinic is shown in this currency. Amounts already recorded are not converted.')}
      </Typography.Paragraph>
    </Card>
  );
}
