// The list view, ported from @refinedev/antd 6.0.3 (components/crud/list): the title and the
// header buttons (by default the create button), then the content. Apart from the record views
// (views.tsx), whose card and back button the patients list does not need on its first load.
import type { ReactNode } from 'react';
import { Space } from 'antd';
// Typography.Title's look without Typography (see Text.tsx).
import { PublicTitle } from '../../layout/PublicCard';
import { CreateButton, type ActionButtonProps } from './buttons';
import { PageFrame } from './PageFrame';

/** The list view: a heading with the title and the header buttons (by default the create button), then the content. */
export function ListView({
  resource,
  title,
  canCreate,
  createButtonProps,
  headerButtons,
  children,
}: {
  resource: string;
  title: string;
  canCreate: boolean;
  createButtonProps?: ActionButtonProps;
  headerButtons?: (ctx: { defaultButtons: ReactNode }) => ReactNode;
  children: ReactNode;
}) {
  const defaultButtons = canCreate ? <CreateButton size="middle" resource={resource} {...createButtonProps} /> : null;
  return (
    <PageFrame
      heading={
        <PublicTitle level={4} top style={{ marginBottom: 0 }}>
          {title}
        </PublicTitle>
      }
      buttons={headerButtons ? <Space wrap>{headerButtons({ defaultButtons })}</Space> : defaultButtons}
    >
      {children}
    </PageFrame>
  );
}

