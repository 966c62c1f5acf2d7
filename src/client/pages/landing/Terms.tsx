// The terms and conditions (docs/product.md#public-pages), public, in the reader's language.
import { Card, Typography } from 'antd';
import { useT } from '../../i18n/useT';
import { LandingShell } from './LandingShell';
import { useDocumentMeta } from './useDocumentMeta';

export const TERMS = ['professionals', 'encrypted', 'copy', 'consent', 'suspension'] as const;

export default function Terms() {
  const t = useT();
  const title = t('terms.title', 'Terms and conditions');
  useDocumentMeta(`${title} — ${t('app.title', 'Clinic Platform')}`, t('terms.intro', title));
  return (
    <LandingShell brand={t('app.title', 'Clinic Platform')}>
      <Card data-testid="terms">
        <Typography.Title level={1}>{title}</Typography.Title>
        <Typography.Paragraph>{t('terms.intro', '')}</Typography.Paragraph>
        <ol>
          {TERMS.map((key) => (
            <li key={key} style={{ marginBottom: 8 }}>
              <Typography.Text>{t(`terms.items.${key}`, key)}</Typography.Text>
            </li>
          ))}
        </ol>
      </Card>
    </LandingShell>
  );
}
