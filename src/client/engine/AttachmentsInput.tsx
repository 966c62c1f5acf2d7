// The input of a list of files (a visit's or a task's attachments): each file with a short note
// and a remove button, and one more file to add. Items are `{ <file field>: id, note? }`.
import { Button, Input, Space } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { FieldDef } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { FileInput } from './FileInput';
import { FileValue } from './FileValue';
import { TakePhoto } from './TakePhoto';

type Item = Record<string, unknown>;

/** A list whose items hold one file (and optionally a note): shown with this input. */
export function fileListKey(field: FieldDef): string | undefined {
  if (field.type !== 'list') return undefined;
  const files = Object.entries(field.items ?? {}).filter(([, f]) => f.type === 'file');
  return files.length === 1 ? files[0][0] : undefined;
}

export interface AttachmentsInputProps {
  name: string;
  field: FieldDef;
  value: unknown;
  onChange: (value: Item[]) => void;
}

export function AttachmentsInput({ name, field, value, onChange }: AttachmentsInputProps) {
  const t = useT();
  const key = fileListKey(field) ?? 'upload_id';
  const fileField = field.items?.[key] ?? { type: 'file' };
  const items: Item[] = Array.isArray(value) ? (value as Item[]) : [];
  const hasNote = !!field.items?.note;
  const room = (field.maxItems ?? 20) - items.length;
  const full = room <= 0;

  const update = (index: number, patch: Item) => onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));

  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`attachments-${name}`}>
      {items.map((item, index) => (
        <Space key={`${String(item[key])}-${index}`} wrap align="center">
          <FileValue field={fileField} value={item[key]} />
          {hasNote && (
            <Input
              aria-label={t('fields.note', 'Note')}
              placeholder={t('fields.note', 'Note')}
              value={typeof item.note === 'string' ? item.note : ''}
              maxLength={field.items?.note?.maxLength}
              onChange={(e) => update(index, { note: e.target.value || null })}
            />
          )}
          <Button icon={<DeleteOutlined />} danger onClick={() => onChange(items.filter((_, i) => i !== index))}>
            {t('files.remove', 'Remove')}
          </Button>
        </Space>
      ))}
      {!full && (
        <Space wrap align="start">
          {/* Pages of a paper photographed in one go, as many as the list still takes. */}
          <TakePhoto name={name} field={fileField} multiple onAdded={(files) => onChange([...items, ...files.slice(0, room).map((f) => ({ [key]: f.id }))])} />
          <FileInput name={`${name}-new`} field={fileField} value={null} onChange={(id) => id !== null && onChange([...items, { [key]: id }])} />
        </Space>
      )}
    </Space>
  );
}
