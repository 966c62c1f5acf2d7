// The antd-shaped Refine record views: Show, Create and Edit, ported from @refinedev/antd 6.0.3
// (components/crud) without @ant-design/pro-layout's PageHeader (the list view: ListView.tsx).
// @refinedev/antd ships as one module that brings pro-layout (with every pro-provider locale),
// react-markdown and the CommonJS icons with any of its exports: about 76 KiB gzip.
// Kept from upstream: the header row (title, then the header buttons, by default the list and
// refresh buttons), the content in a borderless Card under a Spin, the footer's save button, the
// `headerButtons({ defaultButtons })` and `footerButtons` render props. Left out: breadcrumbs and
// the default edit and delete buttons (this application's pages put their own, access-checked:
// EditButton, DeleteAction).
import { type HTMLAttributes, type ReactNode, useContext } from 'react';
import { Button, Card, ConfigProvider, Space, Spin } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useBack, useResourceParams } from '@refinedev/core';
// Typography.Title's look without Typography (see Text.tsx).
import { PublicTitle } from '../../layout/PublicCard';
import { useT } from '../../i18n/useT';
import { ListButton, RefreshButton, SaveButton, type SaveButtonProps } from './buttons';
import { PageFrame } from './PageFrame';

type HeaderButtons = ReactNode | ((ctx: { defaultButtons: ReactNode }) => ReactNode);

function buttonsOf(given: HeaderButtons | undefined, defaultButtons: ReactNode): ReactNode {
  if (given === undefined) return defaultButtons;
  return typeof given === 'function' ? given({ defaultButtons }) : given;
}

/**
 * A record page's title (create, edit, show): the page's one top-level heading, after a back
 * button named in the reader's language. pro-layout's back control was a <div role="button">
 * named "back" in English around a second button, which screen readers met as two nested controls.
 */
export function PageHeading({ title }: { title: ReactNode }) {
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

interface ViewProps {
  title: ReactNode;
  /** The resource when the route does not say it. */
  resource?: string;
  isLoading?: boolean;
  headerButtons?: HeaderButtons;
  footerButtons?: HeaderButtons;
  wrapperProps?: HTMLAttributes<HTMLDivElement>;
  children?: ReactNode;
}

/** The content under its spinner, in a borderless card whose actions are the footer's buttons. */
function Content({ isLoading, footer, children }: { isLoading: boolean; footer: ReactNode; children: ReactNode }) {
  return (
    <Spin spinning={isLoading}>
      <Card variant="borderless" actions={footer ? [footer] : undefined}>
        {children}
      </Card>
    </Spin>
  );
}

/** The list and refresh buttons upstream's Show and Edit put in their header. */
function useDefaultHeaderButtons(resourceFromProps: string | undefined, isLoading: boolean): ReactNode {
  const { resource, identifier, id } = useResourceParams({ resource: resourceFromProps });
  return (
    <>
      {resource?.list && <ListButton resource={identifier} />}
      <RefreshButton resource={identifier} recordItemId={id} disabled={isLoading || undefined} />
    </>
  );
}

export function Show({ title, resource, isLoading = false, headerButtons, footerButtons, wrapperProps, children }: ViewProps) {
  const defaultButtons = useDefaultHeaderButtons(resource, isLoading);
  const footer = footerButtons ? <Space key="footer-buttons" wrap>{buttonsOf(footerButtons, null)}</Space> : null;
  return (
    <PageFrame heading={<PageHeading title={title} />} buttons={<Space wrap>{buttonsOf(headerButtons, defaultButtons)}</Space>} wrapperProps={wrapperProps}>
      <Content isLoading={isLoading} footer={footer}>
        {children}
      </Content>
    </PageFrame>
  );
}

interface FormViewProps extends ViewProps {
  saveButtonProps?: SaveButtonProps;
}

function SaveFooter({ saveButtonProps, isLoading, footerButtons }: { saveButtonProps?: SaveButtonProps; isLoading: boolean; footerButtons?: HeaderButtons }) {
  const props: SaveButtonProps = { ...(isLoading ? { disabled: true } : {}), ...saveButtonProps, htmlType: 'submit' };
  return (
    <Space key="action-buttons" style={{ float: 'right', marginRight: 24 }}>
      {buttonsOf(footerButtons, <SaveButton {...props} />)}
    </Space>
  );
}

export function Create({ title, isLoading = false, headerButtons, footerButtons, saveButtonProps, wrapperProps, children }: FormViewProps) {
  return (
    <PageFrame heading={<PageHeading title={title} />} buttons={headerButtons ? <Space wrap>{buttonsOf(headerButtons, null)}</Space> : null} wrapperProps={wrapperProps}>
      <Content isLoading={isLoading} footer={<SaveFooter saveButtonProps={saveButtonProps} isLoading={isLoading} footerButtons={footerButtons} />}>
        {children}
      </Content>
    </PageFrame>
  );
}

export function Edit({ title, resource, isLoading = false, headerButtons, footerButtons, saveButtonProps, wrapperProps, children }: FormViewProps) {
  const defaultButtons = useDefaultHeaderButtons(resource, isLoading);
  return (
    <PageFrame heading={<PageHeading title={title} />} buttons={<Space wrap>{buttonsOf(headerButtons, defaultButtons)}</Space>} wrapperProps={wrapperProps}>
      <Content isLoading={isLoading} footer={<SaveFooter saveButtonProps={saveButtonProps} isLoading={isLoading} footerButtons={footerButtons} />}>
        {children}
      </Content>
    </PageFrame>
  );
}
