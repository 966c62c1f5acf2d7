// The outbox as the front desk works it: the generated list of messages to patients, with, on a
// message no transport takes (channel `manual`), one click that opens WhatsApp with the text
// filled in and marks it sent; and on a failed one, "send again".
import { useState } from 'react';
import { Button, Tooltip } from 'antd';
import { RedoOutlined, WhatsAppOutlined } from '@ant-design/icons';
import { type BaseRecord, useInvalidate } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { ListPage } from '../../engine/ListPage';
import { useT } from '../../i18n/useT';
import { api } from '../../providers/http';
import { toast } from '../../providers/notify';
import { useMayWork } from './status';

const MESSAGES = resourceByName('messages');

/** wa.me opens WhatsApp (app or web) on a chat with the number, the text typed in, ready to send. */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

function MessageActions({ record }: { record: BaseRecord }) {
  const t = useT();
  const invalidate = useInvalidate();
  const [busy, setBusy] = useState(false);
  const post = async (what: 'sent' | 'retry') => {
    setBusy(true);
    try {
      await api(`/messages/${String(record.id)}/${what}`, { method: 'POST' });
      toast('success', t(what === 'sent' ? 'outbox.markedSent' : 'outbox.retried'));
      await invalidate({ resource: 'messages', invalidates: ['list', 'detail'] });
    } finally {
      setBusy(false);
    }
  };
  if (record.channel === 'manual' && record.status === 'pending') {
    return (
      <Button
        size="small"
        type="primary"
        icon={<WhatsAppOutlined />}
        href={whatsappLink(String(record.recipient), String(record.body ?? ''))}
        target="_blank"
        rel="noopener noreferrer"
        loading={busy}
        data-testid={`message-whatsapp-${String(record.id)}`}
        // The link opens WhatsApp; the same click records that the desk sent it.
        onClick={() => void post('sent').catch(() => undefined)}
      >
        {t('outbox.sendWhatsApp')}
      </Button>
    );
  }
  if (record.status === 'failed') {
    return (
      <Tooltip title={String(record.last_error ?? '')}>
        <Button size="small" icon={<RedoOutlined />} loading={busy} data-testid={`message-retry-${String(record.id)}`} onClick={() => void post('retry').catch(() => undefined)}>
          {t('outbox.retry')}
        </Button>
      </Tooltip>
    );
  }
  return null;
}

export default function MessagesList() {
  const mayWork = useMayWork('appointments', 'update');
  return <ListPage def={MESSAGES} extras={mayWork ? { rowActions: (record) => <MessageActions record={record} /> } : undefined} />;
}
