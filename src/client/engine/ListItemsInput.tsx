// The input of a list whose items are small records of plain fields (a lab test's reference ranges
// by sex and age, its normal answers): each item a row of its fields' inputs with a remove
// button, and an add button up to the list's maxItems. The items' labels are the resource's field
// labels (the form's resource, from the route). Values stay the API's list of items.
import { Button, Space, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useResourceParams } from '@refinedev/core';
import type { FieldDef } from '../../shared/resource';
import { resourceByName } from '../../../resources';
import { fieldLabel, humanize } from '../../shared/labels';
import { useT } from '../i18n/useT';
import { FieldInput } from './FieldInput';

type Item = Record<string, unknown>;

/** A list this input edits: items of plain fields (no files, relations or nested lists). */
export function plainListItems(field: FieldDef): [string, FieldDef][] | undefined {
  if (field.type !== 'list' || !field.items) return undefined;
  const items = Object.entries(field.items);
  return items.length && items.every(([, f]) => !['file', 'relation', 'list'].includes(f.type)) ? items : undefined;
}

export interface ListItemsInputProps {
  name: string;
  field: FieldDef;
  value: unknown;
  onChange: (value: Item[]) => void;
}

export function ListItemsInput({ name, field, value, onChange }: ListItemsInputProps) {
  const t = useT();
  const { resource } = useResourceParams();
  const def = resource ? resourceByName(resource.name) : undefined;
  const label = (key: string) => (def ? fieldLabel(t, def, key) : humanize(key));
  const fields = plainListItems(field) ?? [];
  const items: Item[] = Array.isArray(value) ? (value as Item[]) : [];
  const full = items.length >= (field.maxItems ?? 20);
  const update = (index: number, patch: Item) => onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const blank = () => Object.fromEntries(fields.map(([key, f]) => [key, f.default ?? null]));

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`list-${name}`}>
      {items.map((item, index) => (
        <fieldset key={index} data-testid={`list-${name}-${index}`} style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: '8px 12px', margin: 0 }}>
          <legend style={{ fontSize: 'inherit', width: 'auto', margin: 0, padding: '0 4px', border: 0 }}>
            <Typography.Text type="secondary">{index + 1}</Typography.Text>
          </legend>
          <Space wrap align="end">
            {fields.map(([key, f]) => {
              const id = `field-${name}-${index}-${key}`;
              return (
                <div key={key} style={{ display: 'flex', flexDirection: 'column', gap: 2, width: 130 }}>
                  <label htmlFor={id}>{label(key)}</label>
                  <FieldInput id={id} name={`${name}.${index}.${key}`} field={f} value={item[key] ?? null} onChange={(v) => update(index, { [key]: v })} />
                </div>
              );
            })}
            <Button danger icon={<DeleteOutlined />} aria-label={`${t('buttons.delete', 'Delete')} ${index + 1}`} onClick={() => onChange(items.filter((_, i) => i !== index))} data-testid={`list-${name}-remove-${index}`} />
          </Space>
        </fieldset>
      ))}
      <Button icon={<PlusOutlined />} disabled={full} onClick={() => onChange([...items, blank()])} data-testid={`list-${name}-add`}>
        {t('buttons.add', 'Add')}
      </Button>
    </Space>
  );
}
