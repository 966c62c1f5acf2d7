// Admins' requests about doctors, by status (pending / accepted / rejected). Each row opens to
// what it changes (before -> after). The Owner and Developers accept (after confirming) or reject
// (with an optional reason told to the requester) pending ones; accepting applies the change.
// Opened at ?request=<id> (a notification's link) it shows that request's tab with it open.
import { type Key, useEffect, useRef, useState } from 'react';
import { Button, Card, Empty, Input, Modal, Popconfirm, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useTable } from '../../engine/kit/useTable';
import { type BaseRecord, useInvalidate, useMany, useOne } from '@refinedev/core';
import { useSearchParams } from 'react-router';
import { ROLE_GROUPS } from '../../../shared/roles';
import { resourceByName } from '../../../../resources';
import { fieldLabel, resourceTitle } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { BELL_URL } from '../../providers/bell';
import { useSession } from '../../providers/session';
import { useAction, useRefreshReads } from '../../engine/useAction';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { PENDING_URL } from './pendingCount';
import { RequestChanges } from './RequestChanges';
import { requestDoctorName, requestSubdomain } from './requestLabels';
import { instantText } from '../../engine/instant';

const requests = resourceByName('doctorRequests');
export const REQUEST_TABS = ['pending', 'accepted', 'rejected'] as const;
type Tab = (typeof REQUEST_TABS)[number];
const KIND_COLORS: Record<string, string> = { create: 'green', update: 'blue', plan: 'purple', delete: 'red' };

/** After a decision: the lists, the doctor, the menu's pending count and the bell (its notice is resolved). */
function useAfterDecision() {
  const invalidate = useInvalidate();
  const refresh = useRefreshReads();
  return (record: BaseRecord) => {
    void invalidate({ resource: 'doctorRequests', invalidates: ['list', 'detail'], id: record.id });
    void invalidate({ resource: 'tenants', invalidates: ['list', 'many', 'detail'], id: record.tenant_id as number | undefined });
    void refresh([PENDING_URL, BELL_URL]);
  };
}

function Accept({ record }: { record: BaseRecord }) {
  const t = useT();
  const after = useAfterDecision();
  const { run, busy } = useAction<{ message?: string }>({ success: (body) => body.message ?? t('requests.accepted', 'Request accepted successfully') });
  return (
    <Popconfirm
      title={t('common.areYouSure', 'Are you sure?')}
      description={t('requests.confirm.accept', 'Accept this request and apply the change?')}
      okText={t('requests.accept', 'Accept')}
      cancelText={t('buttons.cancel', 'Cancel')}
      onConfirm={() =>
        run({ url: `/requests/${String(record.id)}/accept` })
          .then(() => after(record))
          .catch(() => undefined)
      }
    >
      <Button type="primary" size="small" loading={busy} data-testid="request-accept">
        {t('requests.accept', 'Accept')}
      </Button>
    </Popconfirm>
  );
}

/** Rejecting asks for a reason (optional), which the requester is told with the rejection. */
function Reject({ record }: { record: BaseRecord }) {
  const t = useT();
  const after = useAfterDecision();
  const { control, reset, handleSubmit, failure, showErrors } = useHandForm<{ reason: string }>({ fields: ['reason'], defaultValues: { reason: '' } });
  const [open, setOpen] = useState(false);
  // A refused reason is said on its field; anything else is toasted.
  const { run, busy } = useAction<{ message?: string }>({
    success: (body) => body.message ?? t('requests.rejected', 'Request rejected successfully'),
    failure,
  });
  const submit = async ({ reason }: { reason: string }) => {
    try {
      await run({ url: `/requests/${String(record.id)}/reject`, values: { reason: reason?.trim() || null } });
      setOpen(false);
      after(record);
    } catch (err) {
      showErrors(err);
    }
  };
  return (
    <>
      <Button
        danger
        size="small"
        onClick={() => {
          // Each opening starts blank, as the dialog's fields are made anew.
          reset({ reason: '' });
          setOpen(true);
        }}
        data-testid="request-reject"
      >
        {t('requests.reject', 'Reject')}
      </Button>
      <Modal
        open={open}
        title={t('requests.confirm.reject', 'Reject this request?')}
        okText={t('requests.reject', 'Reject')}
        cancelText={t('buttons.cancel', 'Cancel')}
        okButtonProps={{ danger: true, loading: busy, id: 'reject-confirm' }}
        onOk={() => void handleSubmit(submit)()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)}>
          <FormLayout>
            <FormField control={control} name="reason" htmlFor="reject-reason" label={t('requests.rejectReason', 'Reason (optional)')} extra={t('requests.rejectReasonHelp', 'The requester is told this reason with the rejection.')}>
              {(f) => <Input.TextArea id="reject-reason" rows={3} maxLength={500} showCount autoFocus value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
          </FormLayout>
        </form>
      </Modal>
    </>
  );
}

function RequestTable({ status, opened }: { status: Tab; opened?: number }) {
  const t = useT();
  const session = useSession();
  const decider = (ROLE_GROUPS.OWNERS as readonly number[]).includes(session.role);
  const { tableProps } = useTable<BaseRecord>({
    resource: 'doctorRequests',
    syncWithLocation: false,
    sorters: { initial: [{ field: 'created_at', order: 'desc' }] },
    filters: { permanent: [{ field: 'status', operator: 'eq', value: status }] },
    pagination: { pageSize: 25 },
  });
  const rows = (tableProps.dataSource ?? []) as BaseRecord[];
  const tenantIds = [...new Set(rows.map((r) => r.tenant_id).filter((v): v is number => typeof v === 'number'))];
  const doctors = useMany({ resource: 'tenants', ids: tenantIds, queryOptions: { enabled: tenantIds.length > 0 } }).result.data ?? [];
  // The server keeps the requester's name with the request (Admins cannot read staff accounts).
  const requester = (r: BaseRecord) => (r.requester_name ? String(r.requester_name) : '—');
  // The request a notification led to starts open.
  const [expanded, setExpanded] = useState<readonly Key[]>(opened !== undefined ? [opened] : []);
  useEffect(() => {
    if (opened !== undefined) setExpanded((keys) => (keys.includes(opened) ? keys : [...keys, opened]));
  }, [opened]);
  return (
    <Table
      {...tableProps}
      rowKey="id"
      scroll={{ x: true }}
      data-testid={`requests-${status}`}
      locale={{ emptyText: <Empty description={t(`requests.empty.${status}`, 'No requests')} /> }}
      expandable={{ expandedRowRender: (record) => <RequestChanges request={record} />, expandedRowKeys: expanded, onExpandedRowsChange: (keys) => setExpanded(keys) }}
    >
      <Table.Column<BaseRecord>
        key="kind"
        title={fieldLabel(t, requests, 'kind')}
        render={(_, r) => <Tag color={KIND_COLORS[String(r.kind)]}>{t(`requests.kinds.${String(r.kind)}`, String(r.kind))}</Tag>}
      />
      <Table.Column<BaseRecord>
        key="doctor"
        title={fieldLabel(t, requests, 'tenant_id')}
        render={(_, r) => {
          const subdomain = requestSubdomain(r);
          return (
            <Space direction="vertical" size={0} data-testid="request-doctor">
              <span>
                {requestDoctorName(r, doctors)}
                {r.kind === 'delete' && r.status === 'accepted' && <Tag style={{ marginInlineStart: 8 }}>{t('requests.deleted', 'deleted')}</Tag>}
              </span>
              {subdomain && <Typography.Text type="secondary" dir="ltr">{subdomain}</Typography.Text>}
            </Space>
          );
        }}
      />
      <Table.Column<BaseRecord> key="requester_name" title={fieldLabel(t, requests, 'requester_name')} render={(_, r) => requester(r)} />
      <Table.Column<BaseRecord>
        key="created_at"
        title={t('fields.date', 'Date')}
        render={(_, r) => <span dir="ltr">{instantText(String(r.created_at))}</span>}
      />
      {status !== 'pending' && (
        <Table.Column<BaseRecord>
          key="decided_at"
          title={fieldLabel(t, requests, 'decided_at')}
          render={(_, r) => (r.decided_at ? <span dir="ltr">{instantText(String(r.decided_at))}</span> : '—')}
        />
      )}
      {status === 'rejected' && (
        <Table.Column<BaseRecord> key="reason" title={fieldLabel(t, requests, 'reason')} render={(_, r) => (r.reason ? String(r.reason) : '—')} />
      )}
      {status === 'pending' && decider && (
        <Table.Column<BaseRecord>
          key="actions"
          title={t('common.actions', 'Actions')}
          render={(_, r) => (
            <Space>
              <Accept record={r} />
              <Reject record={r} />
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
  const [search] = useSearchParams();
  const opened = Number(search.get('request')) || undefined;
  // A link to one request opens on the tab its status says; deciding it afterwards leaves the
  // Owner on the tab they work through (the request leaves it), rather than following it.
  const { result: linked } = useOne({ resource: 'doctorRequests', id: opened, queryOptions: { enabled: opened !== undefined } });
  const linkedStatus = linked?.status as Tab | undefined;
  const followed = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!linkedStatus || followed.current === opened) return;
    followed.current = opened;
    if (REQUEST_TABS.includes(linkedStatus)) setTab(linkedStatus);
  }, [linkedStatus, opened]);
  return (
    <Card data-testid="requests-page">
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {resourceTitle(t, requests)}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as Tab)}
        destroyOnHidden
        items={REQUEST_TABS.map((status) => ({ key: status, label: t(`requests.status.${status}`, status), children: <RequestTable status={status} opened={opened} /> }))}
      />
    </Card>
  );
}
