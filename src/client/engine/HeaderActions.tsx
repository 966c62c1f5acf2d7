// A page header's buttons: in a row on a wide screen, in one "Actions" menu on a narrow one, so a
// page with many (a doctor's: edit, plan, renew, status, copy, delete) never squeezes its title.
import type { ReactNode } from 'react';
import { Button, Grid, Popover, Space } from 'antd';
import { MoreOutlined } from '@ant-design/icons';

export function HeaderActions({ label, children }: { label: string; children: ReactNode }) {
  const screens = Grid.useBreakpoint();
  // Before the first measure `md` is undefined: the row, as on the desk's computers.
  if (screens.md !== false) return <Space wrap>{children}</Space>;
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      content={
        <Space direction="vertical" align="start" data-testid="header-actions-menu">
          {children}
        </Space>
      }
    >
      <Button icon={<MoreOutlined />} data-testid="header-actions">
        {label}
      </Button>
    </Popover>
  );
}
