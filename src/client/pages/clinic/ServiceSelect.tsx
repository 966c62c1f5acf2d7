// A service from the clinic's price list, for a booking or a visit: the prices offered for the
// chosen doctor (theirs, and those for every doctor), each shown with its price; choosing one puts
// its price in the amount field, which stays editable (a discount). The server fills it too when
// only the service is sent (FieldDef.fill).
import { Select } from 'antd';
import { useApiGet } from '../../engine/useApiGet';
import { useT } from '../../i18n/useT';
import { useCurrency } from '../../providers/currency';
import { formatMoney } from '../../../shared/money';
import { useTranslation } from 'react-i18next';

interface Price {
  id: number;
  name: string;
  price: string | number;
  doctor_id: number | null;
}

/** The prices offered for a doctor: their own first, then those for every doctor not named alike. */
export function pricesFor(prices: readonly Price[], doctorId: number | undefined): Price[] {
  const own = prices.filter((p) => doctorId !== undefined && p.doctor_id === doctorId);
  const general = prices.filter((p) => p.doctor_id === null && !own.some((o) => o.name === p.name));
  return [...own, ...general];
}

/** `onPrice`: the chosen service's price, for the form's amount field. */
export function ServiceSelect({ id, value, onChange, onBlur, onPrice, doctorId }: { id: string; value?: number | null; onChange?: (v: number | null) => void; onBlur?: () => void; onPrice: (price: number) => void; doctorId?: number }) {
  const t = useT();
  const { i18n } = useTranslation();
  const currency = useCurrency();
  const { data, isLoading } = useApiGet<{ data: Price[] }>('/prices', { 'filter[active]': 'true', sort: 'name', per_page: 200 }, true, ['prices']);
  const offered = pricesFor(data?.data ?? [], doctorId);
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch
      optionFilterProp="title"
      loading={isLoading}
      placeholder={t('clinic.pickService', 'From the price list')}
      value={value ?? undefined}
      onBlur={onBlur}
      onChange={(v) => {
        onChange?.(v ?? null);
        const chosen = offered.find((p) => p.id === v);
        if (chosen) onPrice(Number(chosen.price));
      }}
      options={offered.map((p) => ({ value: p.id, title: p.name, label: <span data-testid={`service-${p.id}`}>{p.name} · <bdi>{formatMoney(Number(p.price), currency, i18n.language)}</bdi></span> }))}
    />
  );
}
