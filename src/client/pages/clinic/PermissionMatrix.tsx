// The permission matrix of one staff member: a row per table, read/create/update/delete boxes.
// Saved with PUT /permissions/update, then the app's initial data is loaded again.
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Checkbox, Skeleton, Table } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { ACTIONS, type Action } from '../../../shared/resource';
import type { Permission } from '../../../shared/access';
import { loadTenantData } from '../../providers/tenantData';
import { useAction } from '../../engine/useAction';
import { type MatrixRow, groupPermissions, rowState, toggleId, toggleRow } from './lib/permissionMatrix';
import { useApiGet } from '../../engine/useApiGet';

interface CatalogueBody extends BaseRecord {
  permissions?: Permission[];
}
interface UserBody extends BaseRecord {
  data?: { user: number; permissions: number[] };
}

/** A table name's label: the resource title when there is one, else the screen's. */
function tableLabel(t: ReturnType<typeof useT>, table: string): string {
  return t(`resources.${table}.title`, '') || t(`nav.${table}`, table);
}

export function PermissionMatrix({ userId }: { userId: number }) {
  const t = useT();
  const catalogue = useApiGet<CatalogueBody>('/permissions');
  const current = useApiGet<UserBody>(`/permissions/user/${userId}`);
  const rows = useMemo(() => groupPermissions(catalogue.data?.permissions ?? []), [catalogue.data]);
  const [selected, setSelected] = useState<number[] | null>(null);
  const { run, busy: saving } = useAction<{ message?: string }>({
    success: (body) => body.message ?? t('messages.permissionsUpdated', 'Permissions updated'),
    refreshes: [`/permissions/user/${userId}`],
  });
  useEffect(() => {
    if (current.data?.data) setSelected([...current.data.data.permissions].sort((a, b) => a - b));
  }, [current.data]);
  if (catalogue.isLoading || current.isLoading) return <Card style={{ marginTop: 16 }}><Skeleton active /></Card>;
  if (catalogue.isError || current.isError || !selected) return <Alert style={{ marginTop: 16 }} type="error" showIcon message={t('clinic.loadFailed', 'Could not load the data. Please try again.')} />;
  const save = async () => {
    try {
      await run({ url: '/permissions/update', method: 'put', values: { user: userId, permissions: selected } });
      await loadTenantData();
    } catch {
      // Told by Refine.
    }
  };
  const cell = (row: MatrixRow, action: Action) => {
    const id = row.ids[action];
    if (id === undefined) return null;
    return <Checkbox checked={selected.includes(id)} onChange={(e) => setSelected(toggleId(selected, id, e.target.checked))} data-testid={`perm-${row.table}-${action}`} aria-label={`${tableLabel(t, row.table)} ${t(`clinic.perm.${action}`, action)}`} />;
  };
  return (
    <Card
      style={{ marginTop: 16 }}
      title={t('clinic.permissions', 'Permissions')}
      extra={<Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="perm-save">{t('buttons.save', 'Save')}</Button>}
      data-testid="permission-matrix"
    >
      <Table<MatrixRow> rowKey="table" dataSource={rows} pagination={false} size="small" scroll={{ x: true }}>
        <Table.Column<MatrixRow>
          key="table"
          title={t('clinic.area', 'Area')}
          render={(_, row) => {
            const state = rowState(selected, row);
            return (
              // The area's name is the row box's label (a screen reader names the box by it).
              <Checkbox checked={state === 'all'} indeterminate={state === 'some'} onChange={(e) => setSelected(toggleRow(selected, row, e.target.checked))} data-testid={`perm-row-${row.table}`}>
                {tableLabel(t, row.table)}
              </Checkbox>
            );
          }}
        />
        {ACTIONS.map((a) => <Table.Column<MatrixRow> key={a} title={t(`clinic.perm.${a}`, a)} align="center" render={(_, row) => cell(row, a)} />)}
      </Table>
    </Card>
  );
}
