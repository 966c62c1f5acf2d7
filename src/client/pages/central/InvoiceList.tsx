// Invoices: the generated list with paid/unpaid tags, the kind translated, and "Mark paid" for
// the Owner and Developers (PATCH is_paid: true; a paid invoice may bring a suspended clinic back).
import { useState } from 'react';
import { Button, Popconfirm, Tag } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { type BaseRecord, useInvalidate, useUpdate } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { type LockedFilter, ListPage } from '../../engine/ListPage';
import { useCanDo } from '../../engine/useCanDo';
import { useT } from '../../i18n/useT';
import { toast } from '../../providers/notify';

const invoices = resourceByName('invoices');

function MarkPaid({ record }: { record: BaseRecord }) {
  const t = useT();
  const invalidate = useInvalidate();
  const { mutate } = useUpdate();
  const [busy, setBusy] = useState(false);
  if (record.is_paid || record.id === undefined) return null;
  return (
    <Popconfirm
      title={t('common.areYouSure', 'Are you sure?')}
      description={t('invoices.markPaidConfirm', 'Mark this invoice as paid?')}
      okText={t('invoices.markPaid', 'Mark paid')}
      cancelText={t('buttons.cancel', 'Cancel')}
      onConfirm={() => {
        setBusy(true);
        mutate(
          { resource: 'invoices', id: record.id!, values: { is_paid: true }, successNotification: false },
          {
            onSuccess: () => {
              toast('success', t('invoices.markedPaid', 'Invoice marked as paid'));
              // Paying may reactivate the clinic.
              void invalidate({ resource: 'tenants', invalidates: ['list', 'detail'], id: record.tenant_id as number });
              void invalidate({ resource: 'planHistories', invalidates: ['list'] });
            },
            onSettled: () => setBusy(false),
          },
        );
      }}
    >
      <Button size="small" icon={<CheckCircleOutlined />} loading={busy} data-testid="mark-paid">
        {t('invoices.markPaid', 'Mark paid')}
      </Button>
    </Popconfirm>
  );
}

export function InvoiceList({ locked }: { locked?: LockedFilter }) {
  const t = useT();
  const canPay = useCanDo(invoices, 'update');
  return (
    <ListPage
      def={invoices}
      locked={locked}
      extras={{
        renderers: {
          is_paid: (value) =>
            value ? <Tag color="green">{t('invoices.paid', 'Paid')}</Tag> : <Tag color="red">{t('invoices.unpaid', 'Unpaid')}</Tag>,
          kind: (value) => <span>{t(`invoices.kinds.${String(value)}`, String(value))}</span>,
        },
        rowActions: canPay ? (record) => <MarkPaid record={record} /> : undefined,
      }}
    />
  );
}

export default function InvoicesPage() {
  return <InvoiceList />;
}
