// The page header of the kit's views (ListView.tsx, views.tsx): pro-layout's PageHeader as
// @refinedev/antd 6.0.3 sets it (no padding, no breadcrumb), in plain elements and antd's theme.
import type { HTMLAttributes, ReactNode } from 'react';
import { theme } from 'antd';

/** pro-layout's PageHeader as upstream sets it (no padding): the heading row, then the content. */
export function PageFrame({ heading, buttons, wrapperProps, children }: { heading: ReactNode; buttons: ReactNode; wrapperProps?: HTMLAttributes<HTMLDivElement>; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div {...wrapperProps}>
      <div style={{ position: 'relative' }}>
        {/* The title's cut or wrap is styles.css's (.page-heading-title), so a page may read it whole (.full-title). */}
        <div className="page-heading" style={{ display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <div className="page-heading-left" style={{ display: 'flex', alignItems: 'center', marginBlock: token.marginXS / 2 }}>
            <span className="page-heading-title" style={{ marginInlineEnd: token.marginSM, lineHeight: `${token.controlHeight}px` }}>
              {heading}
            </span>
          </div>
          {buttons !== null && buttons !== undefined && buttons !== false && <span style={{ marginBlock: token.marginXS / 2 }}>{buttons}</span>}
        </div>
        <div style={{ paddingBlockStart: token.paddingSM }}>{children}</div>
      </div>
    </div>
  );
}

