// The boxed panel and heading of the public screens, drawn with the theme's tokens instead of
// antd's Card and Typography, which would bring tabs, menus, skeletons and tooltips to the login
// page's first load.
import type { CSSProperties, ReactNode } from 'react';
import { theme } from 'antd';

export function PublicCard({ width, children }: { width: number; children: ReactNode }) {
  const { token } = theme.useToken();
  const style: CSSProperties = {
    width,
    maxWidth: '100%',
    marginTop: 48,
    boxSizing: 'border-box',
    padding: token.paddingLG,
    background: token.colorBgContainer,
    border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
    borderRadius: token.borderRadiusLG,
    color: token.colorText,
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
  };
  return <div style={style}>{children}</div>;
}

/** A heading like antd's Typography.Title; `top`: the page's one top-level heading (h1) at that size. */
export function PublicTitle({ level, children, style, top }: { level: 3 | 4; children: ReactNode; style?: CSSProperties; top?: boolean }) {
  const { token } = theme.useToken();
  const Tag = top ? 'h1' : level === 3 ? 'h3' : 'h4';
  return (
    <Tag
      style={{
        marginTop: 0,
        marginBottom: '0.5em',
        color: token.colorTextHeading,
        fontWeight: token.fontWeightStrong,
        fontSize: level === 3 ? token.fontSizeHeading3 : token.fontSizeHeading4,
        lineHeight: level === 3 ? token.lineHeightHeading3 : token.lineHeightHeading4,
        ...style,
      }}
    >
      {children}
    </Tag>
  );
}
