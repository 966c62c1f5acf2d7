// Selects over a clinic catalog (drugs, examinations, life styles, physical therapies), searching
// on the server as the user types.
import { Select } from 'antd';
import { useSelect } from '../../engine/kit/useSelect';
import type { BaseRecord } from '@refinedev/core';
import { useDrugStock, useStockText } from './drugStock';

interface Props {
  resource: string;
  value?: number | number[];
  onChange?: (v: number | number[] | undefined) => void;
  multiple?: boolean;
  id?: string;
  status?: 'error';
  placeholder?: string;
  /** Labels of values already chosen (saved names), so they show before the options load. */
  known?: { value: number; label: string }[];
  /** Drugs: each option says what the stock holds of it, where it is kept as a stock item. */
  showStock?: boolean;
}

export function CatalogSelect({ resource, value, onChange, multiple, id, status, placeholder, known = [], showStock }: Props) {
  const { selectProps } = useSelect<BaseRecord>({
    resource,
    optionLabel: (item) => String(item.name ?? item.id),
    optionValue: (item) => String(item.id),
    // The chosen records' names even when archived since (an old visit's drug) or past the first page.
    defaultValue: value,
    onSearch: (q) => (q ? [{ field: 'q', operator: 'eq', value: q }] : []),
    pagination: { pageSize: 25, mode: 'server' },
    debounce: 300,
  });
  const options = (selectProps.options ?? []).map((o) => ({ label: String(o.label), value: Number(o.value) }));
  for (const k of known) if (!options.some((o) => o.value === k.value)) options.push(k);
  const stock = useDrugStock(showStock ? options.map((o) => o.value) : []);
  const stockText = useStockText();
  for (const o of options) {
    const s = stock.get(o.value);
    if (s) o.label = `${o.label} · ${stockText(s)}`;
  }
  return (
    <Select<number | number[]>
      id={id}
      status={status}
      mode={multiple ? 'multiple' : undefined}
      showSearch
      allowClear
      filterOption={false}
      onSearch={selectProps.onSearch}
      loading={selectProps.loading}
      options={options}
      value={value}
      onChange={(v) => onChange?.(v ?? undefined)}
      placeholder={placeholder}
      style={{ width: '100%', minWidth: 160 }}
    />
  );
}
