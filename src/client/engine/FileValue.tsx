// A stored file in lists and detail pages: a thumbnail for images, a link for documents.
import { Image, Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import type { FieldDef } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { useFileSrc } from './useFileSrc';

export function FileThumb({ src, alt, size = 48 }: { src: string; alt: string; size?: number }) {
  return <Image src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} data-testid="file-thumb" />;
}

export function FileValue({ field, value, name }: { field: FieldDef; value: unknown; name?: string }) {
  const t = useT();
  const { src, failed } = useFileSrc(value, !!field.publicFile);
  if (failed) return <Typography.Text type="secondary">{t('files.unavailable', 'File not available')}</Typography.Text>;
  if (!src) return <Typography.Text type="secondary">…</Typography.Text>;
  if (field.accept === 'image') return <FileThumb src={src} alt={name ?? ''} />;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer" download={name}>
      <FileOutlined /> {name ?? t('files.open', 'Open file')}
    </a>
  );
}
