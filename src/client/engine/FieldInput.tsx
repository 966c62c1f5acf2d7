// The antd input for a declared field type. Values are kept as the API sends them: numbers for
// numeric, enum and relation fields, ISO strings for dates and times, booleans for switches.
import { Input, Select, Switch } from 'antd';
import dayjs from 'dayjs';
import { type FieldDef, fieldDir, relationListKey } from '../../shared/resource';
import { freeTextDir } from './FreeTextInput';
import { enumValues } from '../../shared/enums';
import { useT } from '../i18n/useT';
import { enumLabel, unitLabel } from '../../shared/labels';
import { useRelationOptions } from './useRelationOptions';
import { AttachmentsInput, fileListKey } from './AttachmentsInput';
import { FileInput } from './FileInput';
import { ListItemsInput, plainListItems } from './ListItemsInput';
import { DateInput, NumberInput, TimeInput } from './digitInputs';
import { MoneyInput } from './MoneyInput';
import { latinDigits } from '../../shared/digits';
import { afterClinicToday, clinicNow, fromClinicWallClock } from './clinicDay';

export interface FieldInputProps {
  name: string;
  field: FieldDef;
  value: unknown;
  onChange: (value: unknown) => void;
  onBlur?: () => void;
  id?: string;
  status?: 'error';
  /** Enum values offered (default: all). */
  allowed?: readonly number[];
  /** Shown but not changeable (a nested record's parent, given by the page it was opened from). */
  disabled?: boolean;
}

function RelationSelect({ field, value, onChange, onBlur, id, status, disabled }: FieldInputProps) {
  const { options, onSearch, loading } = useRelationOptions(field, value);
  return (
    <Select<number | string>
      id={id}
      status={status}
      disabled={disabled}
      showSearch
      filterOption={false}
      onSearch={onSearch}
      loading={loading}
      options={options}
      allowClear={!field.required}
      value={value === null || value === undefined || value === '' ? undefined : (value as number | string)}
      onChange={(v) => onChange(v ?? null)}
      onBlur={onBlur}
      style={{ minWidth: 200 }}
    />
  );
}

/**
 * A list that is only a choice of records (a drug's ingredients: `relationListKey`), as a multiple
 * select; the value stays the API's list of items (`[{ ingredient_id: 3 }]`).
 */
function RelationListSelect({ field, value, onChange, onBlur, id, status, disabled }: FieldInputProps) {
  const key = relationListKey(field)!;
  const ids = Array.isArray(value) ? value.map((item) => Number((item as Record<string, unknown>)[key])).filter(Number.isSafeInteger) : [];
  const { options, onSearch, loading } = useRelationOptions(field.items![key], ids);
  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      status={status}
      disabled={disabled}
      showSearch
      filterOption={false}
      onSearch={onSearch}
      loading={loading}
      options={options as { label: string; value: number }[]}
      value={ids}
      onChange={(v) => onChange(v.map((n) => ({ [key]: n })))}
      onBlur={onBlur}
      style={{ minWidth: 200 }}
    />
  );
}

export function FieldInput(props: FieldInputProps) {
  const { field, value, onChange, onBlur, id, status, name, disabled } = props;
  const t = useT();
  // The value's own direction (an e-mail, a username, an `_en` text left to right; an `_ckb` text
  // right to left), whatever the interface language. Free text takes the typed text's own
  // (freeTextDir: the page's while empty).
  const dir = fieldDir(name, field) ?? freeTextDir(value);
  const common = { id, status, onBlur, disabled };
  switch (field.type) {
    case 'text':
      return <Input.TextArea {...common} dir={dir} rows={4} value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} />;
    case 'password':
      return <Input.Password {...common} autoComplete="new-password" value={(value as string) ?? ''} onChange={(e) => onChange(e.target.value)} />;
    case 'money':
      return (
        <MoneyInput
          {...common}
          style={{ width: '100%' }}
          value={typeof value === 'number' ? value : value === null || value === undefined || value === '' ? null : Number(value)}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 'integer':
    case 'number':
      return (
        // Digits of any script are read as typed (٣٧٫٥ is 37.5), never wiped.
        <NumberInput
          {...common}
          style={{ width: '100%' }}
          // No min/max here: antd would clamp 375 to 45 without a word. The rules say the range.
          suffix={field.unit && unitLabel(t, field.unit)}
          value={typeof value === 'number' ? value : value === null || value === undefined || value === '' ? null : Number(value)}
          onChange={(v) => onChange(v ?? null)}
        />
      );
    case 'boolean':
      return <Switch id={id} disabled={disabled} checked={!!value} onChange={(v) => onChange(v)} />;
    case 'date':
      return (
        <DateInput
          {...common}
          style={{ width: '100%' }}
          disabledDate={field.notFuture ? afterClinicToday : undefined}
          value={value ? dayjs(String(value)) : null}
          onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : null)}
        />
      );
    case 'datetime':
      return (
        <DateInput
          {...common}
          showTime
          style={{ width: '100%' }}
          // Read and picked on the clinic's clock, as FieldValue shows it (and the picker's Now is).
          value={value ? clinicNow(new Date(String(value))) : null}
          onChange={(d) => onChange(d ? fromClinicWallClock(d).toISOString() : null)}
        />
      );
    case 'time':
      return (
        <TimeInput
          {...common}
          format="HH:mm"
          value={value ? dayjs(`2000-01-01T${String(value)}`) : null}
          onChange={(d) => onChange(d ? d.format('HH:mm') : null)}
        />
      );
    case 'enum': {
      const options: { value: number; label: string; disabled?: boolean }[] = (props.allowed ?? enumValues(field.enum ?? '')).map((v) => ({ value: v, label: enumLabel(t, field, v) }));
      // A stored value this person may not give (the Owner's own role) is shown, not offered.
      const current = value === null || value === undefined || value === '' ? undefined : Number(value);
      if (current !== undefined && !options.some((o) => o.value === current)) options.push({ value: current, label: enumLabel(t, field, current), disabled: true });
      return (
        <Select
          {...common}
          allowClear={!field.required}
          options={options}
          value={value === null || value === undefined || value === '' ? undefined : Number(value)}
          onChange={(v) => onChange(v ?? null)}
          data-field={name}
        />
      );
    }
    case 'relation':
      return <RelationSelect {...props} />;
    case 'file':
      return <FileInput id={id} name={name} field={field} value={value} onChange={onChange} />;
    case 'list':
      // Generated forms show lists of files (attachments), choices of records and items of plain fields; other lists need their own editor.
      if (relationListKey(field)) return <RelationListSelect {...props} />;
      if (plainListItems(field)) return <ListItemsInput name={name} field={field} value={value} onChange={onChange} />;
      return fileListKey(field) ? <AttachmentsInput name={name} field={field} value={value} onChange={onChange} /> : null;
    case 'phone':
      // Typed in any script's digits, shown as ASCII at once; the server stores it in E.164.
      return <Input {...common} type="tel" dir="ltr" className="phone-input" autoComplete="tel" maxLength={field.maxLength} value={(value as string) ?? ''} onChange={(e) => onChange(latinDigits(e.target.value))} />;
    default:
      // A string of declared values (a lawsuit's status): offered as a list, labelled through `labels`.
      if (field.choices) {
        const options = field.choices.map((v) => ({ value: v, label: field.labels ? t(field.labels.replace('{}', v), v) : v }));
        return <Select {...common} allowClear={!field.required} options={options} value={(value as string) || undefined} onChange={(v) => onChange(v ?? null)} data-field={name} />;
      }
      return (
        <Input
          {...common}
          dir={dir}
          type={field.type === 'email' ? 'email' : field.type === 'url' ? 'url' : 'text'}
          maxLength={field.maxLength}
          value={(value as string) ?? ''}
          onChange={(e) => onChange(e.target.value)}
        />
      );
  }
}
