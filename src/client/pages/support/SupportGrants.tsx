// The clinic's side of support access (Main Doctor): who of the platform's staff may come in, why,
// for how long (at most a day) and whether only to read; each grant ends by itself or at once on
// "Revoke". Grants are kept after they end: the activity names them.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Input, Modal, Popconfirm, Select, Switch, Table, Tag } from 'antd';
import { useCreate, useList, useNotification } from '@refinedev/core';
import { formErrorNotification } from '../../providers/notificationProvider';
import { errorsOf } from '../../engine/formErrors';
import dayjs from 'dayjs';
import { useT } from '../../i18n/useT';
import { useAction, useAsk } from '../../engine/useAction';
import { instantText } from '../../engine/instant';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';

interface Grant {
  id: number;
  user_id: number;
  reason: string;
  read_only: boolean;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

interface Staff {
  id: number;
  name: string;
}

const HOURS = [1, 4, 8, 24];

/** The grant as asked: its end as a length from now. */
interface Asked {
  user_id: number | undefined;
  reason: string;
  hours: number;
  read_only: boolean;
}
const FIELDS = ['user_id', 'reason', 'hours', 'read_only'] as const;
const BLANK: Asked = { user_id: undefined, reason: '', hours: 4, read_only: true };

function statusOf(g: Grant, now: number): 'active' | 'revoked' | 'expired' {
  if (g.revoked_at) return 'revoked';
  return Date.parse(g.expires_at) > now ? 'active' : 'expired';
}

export default function SupportGrants() {
  const t = useT();
  const [staff, setStaff] = useState<Staff[]>([]);
  const [open, setOpen] = useState(false);
  const { open: notify } = useNotification();
  const ask = useAsk();
  const { run } = useAction<{ message: string }>({ success: (body) => body.message, invalidates: [{ resource: 'supportGrants', invalidates: ['list'] }] });
  const { result, query } = useList<Grant>({ resource: 'supportGrants', pagination: { pageSize: 100 }, sorters: [{ field: 'created_at', order: 'desc' }] });
  const { control, reset, handleSubmit, setError, showErrors } = useHandForm<Asked>({ fields: FIELDS, defaultValues: BLANK });
  // Saved through Refine's data provider; a 422 is said on the fields it names, anything else toasted.
  const { mutateAsync: create, mutation: creating } = useCreate({ resource: 'supportGrants', successNotification: false, errorNotification: formErrorNotification });

  useEffect(() => {
    ask<{ data: Staff[] }>('/support/staff')
      .then((body) => setStaff(body.data))
      .catch(() => undefined);
  }, [ask]);
  const nameOf = (id: number) => staff.find((s) => s.id === id)?.name ?? `#${id}`;
  const now = Date.now();

  const submit = async (values: Asked) => {
    try {
      // The length asked becomes the grant's end.
      await create({ values: { user_id: values.user_id, reason: values.reason, read_only: values.read_only, expires_at: dayjs().add(values.hours, 'hour').toISOString() } });
      notify?.({ type: 'success', message: t('support.granted', 'Access granted') });
      setOpen(false);
      reset(BLANK);
    } catch (err) {
      showErrors(err);
      // The end is asked as a length: its error belongs there.
      const end = errorsOf(err).expires_at;
      if (end) setError('hours', { type: 'server', message: end.join(' ') });
    }
  };

  const revoke = (g: Grant) => run({ url: `/supportGrants/${g.id}/revoke` }).catch(() => undefined);

  return (
    <Card
      title={t('resources.supportGrants.title', 'Support access')}
      extra={
        <Button type="primary" onClick={() => setOpen(true)} data-testid="support-grant-open">
          {t('support.grant', 'Grant access')}
        </Button>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('support.clinicHint', "The platform's staff see nothing of your clinic unless you let them in here. You are told when they enter, and everything they do is in your activity.")} />
      <Table<Grant>
        rowKey="id"
        loading={query.isLoading}
        dataSource={result.data}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('support.noneGranted', 'No support access granted')} /> }}
        columns={[
          { title: t('resources.supportGrants.fields.user_id', 'Support staff member'), dataIndex: 'user_id', render: (id: number) => nameOf(id) },
          { title: t('resources.supportGrants.fields.reason', 'Reason'), dataIndex: 'reason' },
          { title: t('support.kind', 'Access'), dataIndex: 'read_only', render: (ro: boolean) => <Tag color={ro ? 'blue' : 'orange'}>{ro ? t('support.readOnly', 'Read only') : t('support.readWrite', 'Read and write')}</Tag> },
          { title: t('resources.supportGrants.fields.expires_at', 'Until'), dataIndex: 'expires_at', render: (v: string) => <bdi dir="ltr">{instantText(v)}</bdi> },
          {
            title: t('support.status', 'Status'),
            key: 'status',
            render: (_: unknown, g) => {
              const status = statusOf(g, now);
              return <Tag color={status === 'active' ? 'green' : 'default'}>{t(`support.statuses.${status}`, status)}</Tag>;
            },
          },
          {
            title: '',
            key: 'revoke',
            render: (_: unknown, g) =>
              statusOf(g, now) === 'active' && (
                <Popconfirm title={t('support.revokeConfirm', 'End this access now?')} okText={t('support.revoke', 'Revoke')} cancelText={t('buttons.cancel', 'Cancel')} okButtonProps={{ danger: true }} onConfirm={() => revoke(g)}>
                  <Button danger size="small" data-testid={`support-revoke-${g.id}`}>
                    {t('support.revoke', 'Revoke')}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
      <Modal
        open={open}
        title={t('support.grant', 'Grant access')}
        okText={t('support.grant', 'Grant access')}
        cancelText={t('buttons.cancel', 'Cancel')}
        onOk={() => void handleSubmit(submit)()}
        onCancel={() => setOpen(false)}
        confirmLoading={creating.isPending}
        destroyOnHidden
      >
        {/* Sent by the dialog's button only (no <form>: Enter in a field sends nothing). */}
        <div data-testid="support-grant-form">
          <FormLayout>
            <FormField control={control} name="user_id" htmlFor="support-grant-user" label={t('resources.supportGrants.fields.user_id', 'Support staff member')} rules={{ required: t('validation.required', 'This field is required') }}>
              {(f) => <Select id="support-grant-user" showSearch optionFilterProp="label" value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={staff.map((s) => ({ value: s.id, label: s.name }))} data-testid="support-grant-user" />}
            </FormField>
            <FormField
              control={control}
              name="reason"
              htmlFor="reason"
              label={t('resources.supportGrants.fields.reason', 'Reason')}
              rules={{ required: t('validation.minLength', { limit: 3 }), minLength: { value: 3, message: t('validation.minLength', { limit: 3 }) } }}
            >
              {(f) => <Input.TextArea id="reason" rows={2} maxLength={500} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
            <FormField control={control} name="hours" htmlFor="support-grant-hours" label={t('support.duration', 'For')}>
              {(f) => <Select id="support-grant-hours" value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={HOURS.map((h) => ({ value: h, label: t('support.hours', { count: h }) }))} />}
            </FormField>
            <FormField control={control} name="read_only" htmlFor="support-grant-read-only" label={t('resources.supportGrants.fields.read_only', 'Read only')}>
              {(f) => <Switch id="support-grant-read-only" checked={f.value} onChange={f.onChange} />}
            </FormField>
          </FormLayout>
        </div>
      </Modal>
    </Card>
  );
}
