// A stored file in lists and detail pages: a thumbnail for images (click: the full picture), a link
// for documents (opens the file in a new tab), under the file's own name when it is known.
import { Image, Typography } from 'antd';
import { FileOutlined } from '@ant-design/icons';
import type { FieldDef } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { isImageMime } from './upload';
import { useFileSrc } from './useFileSrc';

export function FileThumb({ src, alt, size = 48 }: { src: string; alt: string; size?: number }) {
  return <Image src={src} alt={alt} width={size} height={size} style={{ objectFit: 'cover', borderRadius: 4 }} data-testid="file-thumb" />;
}

export function FileValue({ field, value, name, size }: { field: FieldDef; value: unknown; name?: string; size?: number }) {
  const t = useT();
  const file = useFileSrc(value, !!field.publicFile);
  const label = name ?? file.name;
  if (file.failed) return <Typography.Text type="secondary">{t('files.unavailable', 'File not available')}</Typography.Text>;
  if (!file.src) return <Typography.Text type="secondary">…</Typography.Text>;
  if (field.accept === 'image' || isImageMime(file.mime)) return <FileThumb src={file.src} alt={label ?? ''} size={size} />;
  return (
    <a href={file.src} target="_blank" rel="noopener noreferrer" data-testid="file-link">
      <FileOutlined /> <bdi>{label ?? t('files.open', 'Open file')}</bdi>
    </a>
  );
}
