// "Export" on a list: every row its current filters, search and sort select (the server's
// GET /<path>/export), in the reader's language, as CSV or as an Excel workbook, with the columns
// the list shows, in its order.
import { useState } from 'react';
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined, DownloadOutlined, FileExcelOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { ResourceDef } from '../../shared/resource';
import { exportQuery } from '../providers/dataProvider';
import type { FileAnswer } from '../providers/http';
import { useT } from '../i18n/useT';
import { saveFile } from './saveFile';
import { useAsk } from './useAction';

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

export function ExportButton({ def, filters, sorters, columns }: { def: ResourceDef; filters: CrudFilter[]; sorters: CrudSort[]; columns?: readonly string[] }) {
  const t = useT();
  const ask = useAsk();
  // A read at a click has no busy state of Refine's: the button keeps its own.
  const [busy, setBusy] = useState(false);
  const run = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const shown = columns?.length ? `columns=${encodeURIComponent(columns.join(','))}` : '';
      const query = [exportQuery({ filters, sorters }), shown].filter(Boolean).join('&');
      const url = `/${def.path}/export?${query ? `${query}&` : ''}${format === 'xlsx' ? 'format=xlsx' : ''}`.replace(/[?&]$/, '');
      const file = await ask<FileAnswer>(url, { file: true, accept: format === 'csv' ? 'text/csv' : XLSX });
      saveFile(file, `${def.name}.${format}`);
    } catch {
      // Already told to the user.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Space.Compact>
      <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run('csv')} data-testid="export-csv">
        {t('buttons.exportCsv', 'Export CSV')}
      </Button>
      <Dropdown
        trigger={['click']}
        disabled={busy}
        menu={{
          items: [{ key: 'xlsx', icon: <FileExcelOutlined />, label: <span data-testid="export-xlsx">{t('buttons.exportXlsx', 'Excel workbook (.xlsx)')}</span> }],
          onClick: () => void run('xlsx'),
        }}
      >
        <Button icon={<DownOutlined />} aria-label={t('buttons.exportAs', 'Export as')} data-testid="export-more" />
      </Dropdown>
    </Space.Compact>
  );
}
