// How a declared field's value is shown in lists and detail pages.
import { Suspense, lazy, useSyncExternalStore } from 'react';
import { Tag, Tooltip } from 'antd';
import { Text } from './Text';
import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { useMany } from '@refinedev/core';
import dayjs from 'dayjs';
import { type FieldDef, abnormality, fieldDir } from '../../shared/resource';
import { currentLang, translate } from '../i18n';
import { useT } from '../i18n/useT';
import { enumLabel, fieldNamesText, relationText, unitLabel, valueLabel } from '../../shared/labels';
import { resources } from '../../../resources';
import { PhoneText } from './PhoneText';
import { Ltr } from './Ltr';
import { MoneyText } from './MoneyText';
import { formatMoney, formatNumberIn } from '../../shared/money';
import { ENUM_TONES, type EnumName, enumValues } from '../../shared/enums';
import { getCurrency } from '../providers/currency';
import { TITLE_ANSWERS, titlesFromAnswer } from '../../shared/workingSet';
import { useApiGet } from './useApiGet';
import { onShellState, shellState } from '../offline/shellState';
import { unnamedText } from './unnamed';
import { instantText } from './instant';

// A file's preview (antd's Image, with its viewer) loads where a file is shown, not with every list.
const FileValue = lazy(() => import('./FileValue').then((m) => ({ default: m.FileValue })));

const ENUM_COLORS = ['blue', 'green', 'orange', 'purple', 'cyan', 'magenta', 'gold', 'volcano'];

export function enumColor(field: FieldDef, value: unknown): string {
  const declared = field.tones?.[String(value)];
  if (declared) return declared;
  const tones = field.enum ? ENUM_TONES[field.enum as EnumName] : undefined;
  if (tones) return tones[enumValues(field.enum!).indexOf(Number(value))] ?? 'default';
  return ENUM_COLORS[Number(value) % ENUM_COLORS.length] ?? 'default';
}

export function formatNumber(value: unknown, field: FieldDef): string {
  if (field.type === 'money') return formatMoney(value, getCurrency(), currentLang());
  const n = Number(value);
  if (!Number.isFinite(n)) return String(value);
  const text = formatNumberIn(currentLang(), n, field.type === 'integer' ? 0 : 2);
  return field.unit ? `${text} ${unitLabel(translate, field.unit)}` : text;
}

/**
 * `name` (the field's key) gives the value its own direction (`*_en` left to right, `*_ckb` right
 * to left, whatever the interface language). Every value is isolated from the text around it:
 * left-to-right tokens (`AB+`, `5 mg`, `dr.ahmad`, dates) never flip inside right-to-left text.
 */
export function FieldValue({ field, value, relationLabel, name = '', record, notKept }: { field: FieldDef; value: unknown; relationLabel?: string; name?: string; record?: Record<string, unknown>; notKept?: boolean }) {
  const t = useT();
  // Read from the device during a cut, which does not keep this field: said so, not an empty "—".
  if (notKept) return <Text type="secondary" data-testid="not-kept">{t('offline.notKept', 'Not kept on this device')}</Text>;
  if (value === null || value === undefined || value === '') return <Text type="secondary">{field.emptyLabel ? t(field.emptyLabel) : '—'}</Text>;
  if (Array.isArray(value)) {
    // Field names of another record (an event's changed fields): by their labels.
    const of = field.fieldsOf && record ? resources.find((r) => r.name === record[field.fieldsOf!.field]) : undefined;
    const names = field.fieldsOf
      ? fieldNamesText(t, value, of)
      : value.map((item) => (item && typeof item === 'object' && 'name' in item ? String((item as { name: unknown }).name) : typeof item === 'string' ? item : JSON.stringify(item)));
    return <span>{names.map((n, i) => <span key={i}>{i > 0 && '، '}<bdi>{n}</bdi></span>)}</span>;
  }
  if (typeof value === 'object') return <code dir="ltr">{JSON.stringify(value)}</code>;
  const dir = fieldDir(name, field);
  // Another record named by its id (an audit event's record): its title, else "#id".
  if (field.recordOf) return <bdi>{relationLabel ?? t('audit.record', { id: String(value), defaultValue: `#${String(value)}` })}</bdi>;
  // A number that is a code (a role): its label, from the declaration.
  if ((field.type === 'integer' || field.type === 'number') && field.labels) return <bdi dir={dir}>{valueLabel(t, field, value, record)}</bdi>;
  switch (field.type) {
    case 'enum':
      return <Tag color={enumColor(field, value)}><bdi dir={dir}>{enumLabel(t, field, value)}</bdi></Tag>;
    case 'boolean':
      // Declared labels and tones ("Paid" in green, "Unpaid" in red) say more than yes/no.
      if (field.labels) return <Tag color={field.tones?.[String(!!value)]}>{t(field.labels.replace('{}', String(!!value)))}</Tag>;
      return value ? (
        <Tag color="green" icon={<CheckOutlined />}>{t('common.yes', 'Yes')}</Tag>
      ) : (
        <Tag icon={<CloseOutlined />}>{t('common.no', 'No')}</Tag>
      );
    case 'date':
      // A date is one token: never broken across lines in a narrow column.
      return <Ltr>{dayjs(String(value)).format('YYYY-MM-DD')}</Ltr>;
    case 'time':
      // Hours and minutes: the seconds the database keeps say nothing at a clinic.
      return <Ltr>{String(value).slice(0, 5)}</Ltr>;
    case 'datetime':
      return <Ltr>{instantText(String(value))}</Ltr>;
    case 'money':
      return <MoneyText value={value} />;
    case 'integer':
    case 'number':
      return <NumberValue field={field} value={value} />;
    case 'relation':
      return <bdi>{relationLabel ?? String(value)}</bdi>;
    case 'email':
      return <a href={`mailto:${String(value)}`}><Ltr wrap>{String(value)}</Ltr></a>;
    case 'url':
      return <Ltr wrap>{String(value)}</Ltr>;
    case 'phone':
      return <PhoneText value={String(value)} />;
    case 'password':
      return <span>••••••</span>;
    case 'file':
      return (
        <Suspense fallback={null}>
          <FileValue field={field} value={value} />
        </Suspense>
      );
    default: {
      const text = <bdi dir={dir}>{valueLabel(t, field, value, record)}</bdi>;
      const tone = field.tones?.[String(value)];
      return tone ? <Tag color={tone}>{text}</Tag> : text;
    }
  }
}

/** A number, flagged when outside its field's normal range (a temperature of 39.2 °C). */
function NumberValue({ field, value }: { field: FieldDef; value: unknown }) {
  const t = useT();
  const off = abnormality(field, value);
  if (!off) return <bdi>{formatNumber(value, field)}</bdi>;
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

/**
 * A relation value on its own (detail page, Sync problems): the related record's title, read as
 * the user may: the record itself, else the answer every user may read that names such records
 * (TITLE_ANSWERS: a booking's doctor for a secretary, who may not read staff records; during a
 * cut its kept copy), else a word saying so, never a bare number: during a cut that this device
 * does not know the name, online that it is not available to this user (a central Admin reading a
 * doctor's plan: plans are the Owners').
 */
export function RelationValue({ field, value }: { field: FieldDef; value: unknown }) {
  const t = useT();
  const relation = field.relation!;
  const id = typeof value === 'number' || typeof value === 'string' ? value : undefined;
  const { result, query } = useMany({ resource: relation.resource, ids: id !== undefined ? [id] : [], queryOptions: { enabled: id !== undefined }, errorNotification: false });
  const record = result.data?.[0];
  const answer = TITLE_ANSWERS[relation.resource];
  const unnamed = id !== undefined && !record && !query.isLoading;
  const titles = useApiGet(answer?.path ?? '', undefined, unnamed && !!answer, undefined, true);
  const label = record ? relationText(record, relation.labelField, currentLang()) : id !== undefined ? titlesFromAnswer(relation.resource, titles.data)[String(id)] : undefined;
  const cut = useSyncExternalStore(onShellState, () => shellState().offlineSince !== null);
  if (unnamed && !label && !titles.isLoading) {
    return (
      <Text type="secondary" data-testid="relation-unnamed" data-cut={cut}>
        {unnamedText(t, cut)}
      </Text>
    );
  }
  return <FieldValue field={field} value={value} relationLabel={label ?? (unnamed ? '…' : undefined)} />;
}
