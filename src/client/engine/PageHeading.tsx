// A record page's header title (create, edit, show): the page's one top-level heading, after a
// back button named in the reader's language. It replaces the back control of @refinedev/antd's
// page header (pro-layout's), a <div role="button"> named "back" in English around a second
// button, which screen readers met as two nested controls on every such page.
import type { ReactNode } from 'react';
import { useBack } from '@refinedev/core';
import { Button, ConfigProvider } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useContext } from 'react';
import { useT } from '../i18n/useT';
import { PublicTitle } from '../layout/PublicCard';

function PageHeading({ title }: { title: ReactNode }) {
  const t = useT();
  const back = useBack();
  const rtl = useContext(ConfigProvider.ConfigContext).direction === 'rtl';
  const label = t('common.back', 'Back');
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8, minWidth: 0 }}>
      <Button type="text" icon={rtl ? <ArrowRightOutlined /> : <ArrowLeftOutlined />} aria-label={label} title={label} onClick={() => back()} data-testid="page-back" />
      <PublicTitle level={4} top style={{ marginBottom: 0 }}>
        {title}
      </PublicTitle>
    </span>
  );
}

/** The header props of @refinedev/antd's Create, Edit and Show for a page titled `title`. */
export function headerOf(title: ReactNode): { title: ReactNode; goBack: false } {
  return { title: <PageHeading title={title} />, goBack: false };
}
