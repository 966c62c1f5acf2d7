// "Preview": the clinic's public page as patients see it (what the landing-page editor changes),
// framed inside the application so staff need not log out or open another window to check it.
import { Card, Typography } from 'antd';
import { ExportOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';

export default function ClinicPreview() {
  const t = useT();
  return (
    <Card
      title={t('nav.preview', 'Preview')}
      extra={
        <a href="/" target="_blank" rel="noopener noreferrer">
          <ExportOutlined /> {t('preview.open', 'Open in a new tab')}
        </a>
      }
    >
      <Typography.Paragraph type="secondary">{t('preview.hint', 'Your clinic page as patients see it.')}</Typography.Paragraph>
      <iframe data-testid="clinic-preview" title={t('nav.preview', 'Preview')} src="/" style={{ width: '100%', height: '70vh', border: '1px solid rgba(5, 5, 5, 0.06)', borderRadius: 8 }} />
    </Card>
  );
}
