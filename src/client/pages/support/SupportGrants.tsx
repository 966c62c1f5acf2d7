// The clinic's side of support access (Main Doctor): who of the platform's staff may come in, why,
// for how long (at most a day) and whether only to read; each grant ends by itself or at once on
// "Revoke". Grants are kept after they end: the activity names them.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Form, Input, Modal, Popconfirm, Select, Switch, Table, Tag } from 'antd';
import { type BaseRecord, type HttpError, useList, useNotification } from '@refinedev/core';
import { useForm } from '@refinedev/antd';
import { formErrorNotification } from '../../providers/notificationProvider';
import { errorsOf } from '../../engine/formErrors';
import dayjs from 'dayjs';
import { useT } from '../../i18n/useT';
import { useAction, useAsk } from '../../engine/useAction';
import { instantText } from '../../engine/instant';

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
  // Refine's antd form: it saves and puts the server's 422 on the field it names (an end too far).
  const { form, formProps, onFinish, mutation } = useForm<BaseRecord, HttpError, Record<string, unknown>>({
    liveMode: 'off',
    resource: 'supportGrants',
    action: 'create',
    redirect: false,
    successNotification: false,
    errorNotification: formErrorNotification,
    onMutationSuccess: () => {
      notify?.({ type: 'success', message: t('support.granted', 'Access granted') });
      setOpen(false);
      form.resetFields();
    },
    // The end is asked as a length: its error belongs there.
    onMutationError: (err) => {
      const end = errorsOf(err).expires_at;
      if (end) form.setFields([{ name: 'hours', errors: end }]);
    },
  });

  useEffect(() => {
    ask<{ data: Staff[] }>('/support/staff')
      .then((body) => setStaff(body.data))
      .catch(() => undefined);
  }, [ask]);
  const nameOf = (id: number) => staff.find((s) => s.id === id)?.name ?? `#${id}`;
  const now = Date.now();

  const submit = async () => {
    const values = (await form.validateFields()) as { user_id: number; reason: string; read_only: boolean; hours: number };
    // The length asked becomes the grant's end; a failure is told on the form and by Refine's toast.
    await onFinish({ user_id: values.user_id, reason: values.reason, read_only: values.read_only, expires_at: dayjs().add(values.hours, 'hour').toISOString() }).catch(() => undefined);
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
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={mutation.isPending}
        destroyOnHidden
      >
        <Form {...formProps} onFinish={undefined} layout="vertical" initialValues={{ read_only: true, hours: 4 }} data-testid="support-grant-form">
          <Form.Item name="user_id" label={t('resources.supportGrants.fields.user_id', 'Support staff member')} rules={[{ required: true, message: t('validation.required', 'This field is required') }]}>
            <Select showSearch optionFilterProp="label" options={staff.map((s) => ({ value: s.id, label: s.name }))} data-testid="support-grant-user" />
          </Form.Item>
          <Form.Item name="reason" label={t('resources.supportGrants.fields.reason', 'Reason')} rules={[{ required: true, min: 3, message: t('validation.minLength', { limit: 3 }) }]}>
            <Input.TextArea rows={2} maxLength={500} />
          </Form.Item>
          <Form.Item name="hours" label={t('support.duration', 'For')}>
            <Select options={HOURS.map((h) => ({ value: h, label: t('support.hours', { count: h }) }))} />
          </Form.Item>
          <Form.Item name="read_only" label={t('resources.supportGrants.fields.read_only', 'Read only')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
