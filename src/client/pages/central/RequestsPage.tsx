// Admins' requests about doctors, by status (pending / accepted / rejected). The Owner and
// Developers accept or reject pending ones (after confirming); accepting applies the change.
import { useState } from 'react';
import { Button, Card, Descriptions, Empty, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTable } from '@refinedev/antd';
import { type BaseRecord, useInvalidate, useMany } from '@refinedev/core';
import dayjs from 'dayjs';
import { ROLE_GROUPS } from '../../../shared/roles';
import { resourceByName } from '../../../../resources';
import { FieldValue, RelationValue } from '../../engine/FieldValue';
import { fieldLabel, resourceTitle } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { api } from '../../providers/http';
import { toast } from '../../providers/notify';
import { useSession } from '../../providers/session';
import { reportRefusal } from './DoctorActions';
import { refreshPendingCount } from './pendingCount';
import { requestDoctorName } from './requestLabels';

const requests = resourceByName('doctorRequests');
const tenants = resourceByName('tenants');
export const REQUEST_TABS = ['pending', 'accepted', 'rejected'] as const;
type Tab = (typeof REQUEST_TABS)[number];
const KIND_COLORS: Record<string, string> = { create: 'green', update: 'blue', plan: 'purple', delete: 'red' };

function Payload({ payload }: { payload: unknown }) {
  const t = useT();
  if (!payload || typeof payload !== 'object') return null;
  const entries = Object.entries(payload as Record<string, unknown>).filter(([name]) => tenants.fields[name]);
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered>
      {entries.map(([name, value]) => {
        const field = tenants.fields[name];
        return (
          <Descriptions.Item key={name} label={fieldLabel(t, tenants, name)}>
            {field.type === 'relation' ? <RelationValue field={field} value={value} /> : <FieldValue field={field} value={value} />}
          </Descriptions.Item>
        );
      })}
    </Descriptions>
  );
}

function Decide({ record, accept }: { record: BaseRecord; accept: boolean }) {
  const t = useT();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const verb = accept ? 'accept' : 'reject';
  return (
    <Popconfirm
      title={t('common.areYouSure', 'Are you sure?')}
      description={t(`requests.confirm.${verb}`, verb)}
      okText={t(`requests.${verb}`, verb)}
      cancelText={t('buttons.cancel', 'Cancel')}
      okButtonProps={{ danger: !accept }}
      onConfirm={async () => {
        setBusy(true);
        try {
          const body = await api<{ message?: string }>(`/requests/${String(record.id)}/${verb}`, { method: 'POST' });
          toast('success', body.message ?? t(accept ? 'requests.accepted' : 'requests.rejected', verb));
          void invalidate({ resource: 'doctorRequests', invalidates: ['list'] });
          void invalidate({ resource: 'tenants', invalidates: ['list', 'many', 'detail'], id: record.tenant_id as number | undefined });
          refreshPendingCount();
        } catch (err) {
          reportRefusal(err, t('common.errorPrefix', 'Error: '));
        } finally {
          setBusy(false);
        }
      }}
    >
      <Button type={accept ? 'primary' : 'default'} danger={!accept} size="small" loading={busy} data-testid={`request-${verb}`}>
        {t(`requests.${verb}`, verb)}
      </Button>
    </Popconfirm>
  );
}

function RequestTable({ status }: { status: Tab }) {
  const t = useT();
  const session = useSession();
  const decider = (ROLE_GROUPS.OWNERS as readonly number[]).includes(session.role);
  const { tableProps } = useTable<BaseRecord>({
    resource: 'doctorRequests',
    syncWithLocation: false,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    filters: { permanent: [{ field: 'status', operator: 'eq', value: status }] },
    pagination: { pageSize: 25 },
    errorNotification: false,
  });
  const rows = (tableProps.dataSource ?? []) as BaseRecord[];
  const tenantIds = [...new Set(rows.map((r) => r.tenant_id).filter((v): v is number => typeof v === 'number'))];
  const doctors = useMany({ resource: 'tenants', ids: tenantIds, queryOptions: { enabled: tenantIds.length > 0 } }).result.data ?? [];
  // The server keeps the requester's name with the request (Admins cannot read staff accounts).
  const requester = (r: BaseRecord) => (r.requester_name ? String(r.requester_name) : '—');
  return (
    <Table
      {...tableProps}
      rowKey="id"
      scroll={{ x: true }}
      data-testid={`requests-${status}`}
      locale={{ emptyText: <Empty description={t(`requests.empty.${status}`, 'No requests')} /> }}
      expandable={{ expandedRowRender: (record) => <Payload payload={record.payload} />, rowExpandable: (record) => !!record.payload }}
    >
      <Table.Column<BaseRecord>
        key="kind"
        title={fieldLabel(t, requests, 'kind')}
        render={(_, r) => <Tag color={KIND_COLORS[String(r.kind)]}>{t(`requests.kinds.${String(r.kind)}`, String(r.kind))}</Tag>}
      />
      <Table.Column<BaseRecord> key="doctor" title={fieldLabel(t, requests, 'tenant_id')} render={(_, r) => requestDoctorName(r, doctors)} />
      <Table.Column<BaseRecord> key="requester_name" title={fieldLabel(t, requests, 'requester_name')} render={(_, r) => requester(r)} />
      <Table.Column<BaseRecord>
        key="created_at"
        title={t('fields.date', 'Date')}
        render={(_, r) => <span dir="ltr">{dayjs(String(r.created_at)).format('YYYY-MM-DD HH:mm')}</span>}
      />
      {status !== 'pending' && (
        <Table.Column<BaseRecord>
          key="decided_at"
          title={fieldLabel(t, requests, 'decided_at')}
          render={(_, r) => (r.decided_at ? <span dir="ltr">{dayjs(String(r.decided_at)).format('YYYY-MM-DD HH:mm')}</span> : '—')}
        />
      )}
      {status === 'pending' && decider && (
        <Table.Column<BaseRecord>
          key="actions"
          title={t('common.actions', 'Actions')}
          render={(_, r) => (
            <Space>
              <Decide record={r} accept />
              <Decide record={r} accept={false} />
            </Space>
          )}
        />
      )}
    </Table>
  );
}

export default function RequestsPage() {
  const t = useT();
  const [tab, setTab] = useState<Tab>('pending');
  return (
    <Card data-testid="requests-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {resourceTitle(t, requests)}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        destroyOnHidden
        items={REQUEST_TABS.map((status) => ({ key: status, label: t(`requests.status.${status}`, status), children: <RequestTable status={status} /> }))}
      />
    </Card>
  );
}
