// The letterhead's logo: a small image chosen from the device, kept as a data URL (the server
// checks its bytes and size again), shown as it will print, and removable.
import { useRef, useState } from 'react';
import { Button, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { LOGO_MAX_BYTES } from '../../../shared/letterhead';
import { useT } from '../../i18n/useT';

const TYPES = ['image/png', 'image/jpeg', 'image/webp'];

export function LogoInput({ value, onChange }: { value?: string | null; onChange?: (value: string | null) => void }) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const choose = (file: File | undefined) => {
    if (!file) return;
    if (!TYPES.includes(file.type)) return setProblem(t('validation.logoImage'));
    if (file.size > LOGO_MAX_BYTES) return setProblem(t('validation.logoTooBig', { limit: LOGO_MAX_BYTES / 1024 }));
    setProblem(null);
    const reader = new FileReader();
    reader.onload = () => onChange?.(String(reader.result));
    reader.readAsDataURL(file);
  };
  return (
    <Space direction="vertical">
      {value && <img src={value} alt="" data-testid="letterhead-logo-preview" style={{ maxHeight: 64, maxWidth: 200 }} />}
      <Space>
        {/* Never drawn (the browser's own English "Choose File"): `hidden` alone loses to a display rule of the page's styles. */}
        <input ref={input} type="file" accept={TYPES.join(',')} hidden style={{ display: 'none' }} data-testid="letterhead-logo-file" onChange={(e) => choose(e.target.files?.[0])} />
        <Button icon={<UploadOutlined />} onClick={() => input.current?.click()}>
          {t('clinic.letterhead.chooseLogo', 'Choose an image')}
        </Button>
        {value && (
          <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} data-testid="letterhead-logo-remove">
            {t('files.remove', 'Remove')}
          </Button>
        )}
      </Space>
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
    </Space>
  );
}
