// The filter bar above a generated list: a search box driving `q` (when the resource has
// searchable fields) and a control per filterable field (selects for enums, booleans, relations).
import { Suspense, lazy, useState } from 'react';
import { Button, Select, Space } from 'antd';
import { CalendarOutlined, SearchOutlined } from '@ant-design/icons';
// antd's input parts one by one: its Input module also brings the text area and OTP input.
import Input from 'antd/es/input/Input';
import Search from 'antd/es/input/Search';
import type { CrudFilter } from '@refinedev/core';
import type { FieldDef, ResourceDef } from '../../shared/resource';
import { enumValues } from '../../shared/enums';
import { useT } from '../i18n/useT';
import { useRelationReadable } from './useCanDo';
import { enumLabel, fieldLabel, valueLabel } from '../../shared/labels';
import { useRelationOptions } from './useRelationOptions';
import { rangeOf } from './quickFilters';

const DateRangeFilter = lazy(() => import('./DateRangeFilter'));

/**
 * A date range filter, as a button until it is used: antd's date picker (32 KiB gzip) then loads,
 * and the lists that merely offer one (the patients' birth date) start without it.
 */
function DateRangeSlot({ label, from, to, onRange }: { label: string; from: string | null; to: string | null; onRange: (from: string | null, to: string | null) => void }) {
  const [wanted, setWanted] = useState(false);
  const button = (loading: boolean) => (
    <Button icon={<CalendarOutlined />} loading={loading} onClick={() => setWanted(true)}>
      {label}
    </Button>
  );
  if (!wanted && !from && !to) return button(false);
  return (
    <Suspense fallback={button(true)}>
      <DateRangeFilter label={label} from={from} to={to} onRange={onRange} autoFocus={wanted} />
    </Suspense>
  );
}

export interface ListFiltersProps {
  def: ResourceDef;
  filters: CrudFilter[];
  onChange: (field: string, value: unknown) => void;
  /** A date field bounded from a day to a day (both included; null: no bound). */
  onRange?: (field: string, from: string | null, to: string | null) => void;
  /** A field not offered (locked by the page). */
  hide?: string;
}

export function currentValue(filters: CrudFilter[], field: string): unknown {
  const found = filters.find((f) => 'field' in f && f.field === field);
  return found && 'field' in found ? found.value : undefined;
}

function RelationFilter({ field, value, onChange, placeholder }: { field: FieldDef; value: unknown; onChange: (v: unknown) => void; placeholder: string }) {
  const { options, onSearch, loading } = useRelationOptions(field, value);
  return (
    <Select<number | string>
      allowClear
      showSearch
      filterOption={false}
      onSearch={onSearch}
      loading={loading}
      options={options}
      placeholder={placeholder}
      aria-label={placeholder}
      style={{ minWidth: 180 }}
      value={value === undefined || value === '' ? undefined : (value as number | string)}
      onChange={(v) => onChange(v)}
    />
  );
}

export function ListFilters({ def, filters, onChange, onRange, hide }: ListFiltersProps) {
  const t = useT();
  const searchable = Object.values(def.fields).some((f) => f.searchable);
  const readable = useRelationReadable();
  const filterable = Object.entries(def.fields).filter(([name, f]) => f.filterable && !f.writeOnly && name !== hide && readable(f));
  const q = currentValue(filters, 'q');
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      {searchable && (
        <Search
          allowClear
          data-testid="list-search"
          placeholder={t('common.search', 'Search')}
          aria-label={t('common.search', 'Search')}
          enterButton={<Button icon={<SearchOutlined />} aria-label={t('common.search', 'Search')} />}
          defaultValue={typeof q === 'string' ? q : undefined}
          onSearch={(v) => onChange('q', v.trim() || undefined)}
          style={{ width: 260 }}
        />
      )}
      {filterable.map(([name, field]) => {
        const label = fieldLabel(t, def, name);
        const value = currentValue(filters, name);
        if (field.type === 'enum') {
          const options = enumValues(field.enum ?? '').map((v) => ({ value: v, label: enumLabel(t, field, v) }));
          return (
            <Select
              key={name}
              allowClear
              placeholder={label}
              aria-label={label}
              options={options}
              style={{ minWidth: 160 }}
              value={value === undefined || value === '' ? undefined : Number(value)}
              onChange={(v) => onChange(name, v)}
            />
          );
        }
        if (field.choices) {
          const options = field.choices.map((v) => ({ value: v, label: valueLabel(t, field, v) }));
          return (
            <Select
              key={name}
              allowClear
              showSearch
              optionFilterProp="label"
              placeholder={label}
              aria-label={label}
              options={options}
              style={{ minWidth: 200 }}
              value={value === undefined || value === '' ? undefined : String(value)}
              onChange={(v) => onChange(name, v)}
              data-testid={`filter-${name}`}
            />
          );
        }
        if (field.type === 'boolean') {
          return (
            <Select
              key={name}
              allowClear
              placeholder={label}
              aria-label={label}
              style={{ minWidth: 140 }}
              options={[
                { value: 'true', label: `${label}: ${t('common.yes', 'Yes')}` },
                { value: 'false', label: `${label}: ${t('common.no', 'No')}` },
              ]}
              value={value === undefined ? undefined : String(value)}
              onChange={(v) => onChange(name, v)}
            />
          );
        }
        if (field.type === 'date' && onRange) {
          const [from, to] = rangeOf(filters, name);
          return (
            <span key={name} data-testid={`filter-${name}`}>
              <DateRangeSlot label={label} from={from} to={to} onRange={(f, t2) => onRange(name, f, t2)} />
            </span>
          );
        }
        if (field.type === 'relation' && field.relation) {
          return <RelationFilter key={name} field={field} value={value} placeholder={label} onChange={(v) => onChange(name, v)} />;
        }
        if (['string', 'phone', 'email', 'text'].includes(field.type)) {
          return (
            <Input
              key={name}
              allowClear
              placeholder={label}
              aria-label={label}
              style={{ width: 180 }}
              defaultValue={typeof value === 'string' ? value : undefined}
              onPressEnter={(e) => onChange(name, (e.target as HTMLInputElement).value.trim() || undefined)}
              onChange={(e) => {
                if (!e.target.value) onChange(name, undefined);
              }}
            />
          );
        }
        return null;
      })}
    </Space>
  );
}
