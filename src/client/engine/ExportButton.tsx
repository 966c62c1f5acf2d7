// "Export CSV" on a list: every row its current filters, search and sort select (the server's
// GET /<path>/export), in the reader's language.
import { useState } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { CrudFilter, CrudSort } from '@refinedev/core';
import type { ResourceDef } from '../../shared/resource';
import { exportQuery } from '../providers/dataProvider';
import { download } from '../providers/http';
import { useT } from '../i18n/useT';

export function ExportButton({ def, filters, sorters }: { def: ResourceDef; filters: CrudFilter[]; sorters: CrudSort[] }) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await download(`/${def.path}/export`, exportQuery({ filters, sorters }), `${def.name}.csv`);
    } catch {
      // Already told to the user.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()} data-testid="export-csv">
      {t('buttons.exportCsv', 'Export CSV')}
    </Button>
  );
}
