// The input of a file field in generated forms: choose a file, upload it (upload.ts), keep the
// upload's id as the value; a preview or the file name; the server's 422 message on the field;
// remove (null).
import { useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { FieldDef } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { FileValue } from './FileValue';
import { TakePhoto } from './TakePhoto';
import { type UploadedFile, uploadCall, uploadError } from './upload';
import { onFields, useAction } from './useAction';

export interface FileInputProps {
  id?: string;
  name: string;
  field: FieldDef;
  value: unknown;
  onChange: (value: number | null) => void;
}

/** A clinic's own picture (a patient's photo) may be taken with the camera; a page's public image is chosen. */
const canPhotograph = (field: FieldDef) => field.accept === 'image' && !field.publicFile;

export function FileInput({ id, name, field, value, onChange }: FileInputProps) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  // A refusal (type, size, storage limit) is said on the field, not toasted.
  const { run, busy } = useAction<{ data: UploadedFile }>({ failure: onFields });
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<UploadedFile | null>(null);
  const hasValue = value !== null && value !== undefined && value !== '';

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    try {
      const { data: stored } = await run(uploadCall(file, field));
      setLast(stored);
      onChange(stored.id);
    } catch (err) {
      setError(uploadError(err));
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  return (
    <div data-testid={`file-${name}`}>
      <Space wrap align="center">
        {hasValue && <FileValue field={field} value={value} name={last?.id === value ? last.name : undefined} />}
        <Button icon={<UploadOutlined />} loading={busy} onClick={() => input.current?.click()}>
          {hasValue ? t('files.replace', 'Replace') : t('files.choose', 'Choose a file')}
        </Button>
        {canPhotograph(field) && (
          <TakePhoto name={name} field={field} multiple={false} onAdded={([stored]) => { setError(null); setLast(stored); onChange(stored.id); }} />
        )}
        {hasValue && (
          <Button icon={<DeleteOutlined />} danger onClick={() => { setError(null); onChange(null); }} data-testid={`file-remove-${name}`}>
            {t('files.remove', 'Remove')}
          </Button>
        )}
      </Space>
      <input
        ref={input}
        id={id}
        type="file"
        hidden
        // Never drawn: the browser's own "Choose File / No file chosen" (English) is replaced by
        // the button above. `hidden` alone loses to a display rule of the page's styles.
        style={{ display: 'none' }}
        accept={field.accept === 'image' ? 'image/png,image/jpeg,image/webp,image/gif' : undefined}
        onChange={(e) => void choose(e.target.files?.[0])}
      />
      {error && (
        <Typography.Text type="danger" role="alert" style={{ display: 'block', marginTop: 4 }} data-testid={`file-error-${name}`}>
          {error}
        </Typography.Text>
      )}
    </div>
  );
}
