import { Card, Result } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useT } from '../i18n/useT';

/** Placeholder for a screen whose resource does not exist yet: the route, guard and menu do. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const t = useT();
  return (
    <Card data-testid="coming-soon">
      <Result
        icon={<ToolOutlined />}
        title={t(titleKey, titleKey)}
        subTitle={`${t('pages.comingSoon', 'Coming soon')} — ${t('pages.comingSoonText', '')}`}
      />
    </Card>
  );
}
