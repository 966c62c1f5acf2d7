// How a declared field's value is shown in lists and detail pages.
import { Tag, Tooltip, Typography } from 'antd';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useMany } from '@refinedev/core';
import dayjs from 'dayjs';
import { type FieldDef, abnormality } from '../../shared/resource';
import { currentLang, translate } from '../i18n';
import { useT } from '../i18n/useT';
import { enumLabel, relationText, unitLabel } from '../../shared/labels';
import { FileValue } from './FileValue';
import { PhoneText } from './PhoneText';

const ENUM_COLORS = ['blue', 'green', 'orange', 'purple', 'cyan', 'magenta', 'gold', 'volcano'];
/** Enums whose values carry a meaning the colour should say (active green, suspended orange…). */
const ENUM_PALETTES: Record<string, string[]> = { accountStatus: ['green', 'orange', 'default'] };

export function enumColor(field: FieldDef, value: unknown): string {
  const palette = (field.enum && ENUM_PALETTES[field.enum]) || ENUM_COLORS;
  return palette[Number(value) % palette.length] ?? 'default';
}

export function formatNumber(value: unknown, field: FieldDef): string {
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const text = n.toLocaleString(currentLang() === 'en' ? 'en-US' : currentLang(), {
    maximumFractionDigits: field.type === 'integer' ? 0 : 2,
  });
  return field.unit ? `${text} ${unitLabel(translate, field.unit)}` : text;
}

export function FieldValue({ field, value, relationLabel }: { field: FieldDef; value: unknown; relationLabel?: string }) {
  const t = useT();
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">{field.emptyLabel ? t(field.emptyLabel) : '—'}</Typography.Text>;
  if (Array.isArray(value)) {
    const names = value.map((item) => (item && typeof item === 'object' && 'name' in item ? String((item as { name: unknown }).name) : JSON.stringify(item)));
    return <span>{names.join('، ')}</span>;
  }
  if (typeof value === 'object') return <code dir="ltr">{JSON.stringify(value)}</code>;
  switch (field.type) {
    case 'enum':
      return <Tag color={enumColor(field, value)}>{enumLabel(t, field, value)}</Tag>;
    case 'boolean':
      return value ? (
        <Tag color="green" icon={<CheckOutlined />}>{t('common.yes', 'Yes')}</Tag>
      ) : (
        <Tag icon={<CloseOutlined />}>{t('common.no', 'No')}</Tag>
      );
    case 'date':
      return <span dir="ltr">{dayjs(String(value)).format('YYYY-MM-DD')}</span>;
    case 'datetime':
      return <span dir="ltr">{dayjs(String(value)).format('YYYY-MM-DD HH:mm')}</span>;
    case 'integer':
    case 'number':
    case 'money':
      return <NumberValue field={field} value={value} />;
    case 'relation':
      return <span>{relationLabel ?? String(value)}</span>;
    case 'email':
      return <a href={`mailto:${String(value)}`}>{String(value)}</a>;
    case 'phone':
      return <PhoneText value={String(value)} />;
    case 'password':
      return <span>••••••</span>;
    case 'file':
      return <FileValue field={field} value={value} />;
    default:
      return <span>{field.labels ? t(field.labels.replace('{}', String(value)), String(value)) : String(value)}</span>;
  }
}

/** A number, flagged when outside its field's normal range (a temperature of 39.2 °C). */
function NumberValue({ field, value }: { field: FieldDef; value: unknown }) {
  const t = useT();
  const off = abnormality(field, value);
  if (!off) return <span>{formatNumber(value, field)}</span>;
  const range = `${field.normal?.min ?? '…'}–${field.normal?.max ?? '…'}`;
  const label = t(off === 'high' ? 'vitals.aboveNormal' : 'vitals.belowNormal', { range });
  return (
    <Tooltip title={label}>
      <Tag color={off === 'high' ? 'red' : 'orange'} data-abnormal={off} aria-label={`${formatNumber(value, field)} — ${label}`}>
        {off === 'high' ? '↑' : '↓'} <bdi>{formatNumber(value, field)}</bdi>
      </Tag>
    </Tooltip>
  );
}

/** A relation value on its own (detail page): loads the related record's title. */
export function RelationValue({ field, value }: { field: FieldDef; value: unknown }) {
  const relation = field.relation!;
  const id = typeof value === 'number' || typeof value === 'string' ? value : undefined;
  const { result } = useMany({ resource: relation.resource, ids: id !== undefined ? [id] : [], queryOptions: { enabled: id !== undefined } });
  const record = result.data?.[0];
  const label = record ? relationText(record, relation.labelField, currentLang()) : undefined;
  return <FieldValue field={field} value={value} relationLabel={label} />;
}
