// The outbox as the front desk works it: the generated list of messages to patients, with, on a
// message no transport takes (channel `manual`), one click that opens WhatsApp with the text
// filled in and marks it sent; and on a failed one, "send again".
import { Button, Tooltip } from 'antd';
import { RedoOutlined, WhatsAppOutlined } from '@ant-design/icons';
import type { BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { ListPage } from '../../engine/ListPage';
import { useT } from '../../i18n/useT';
import { useAction } from '../../engine/useAction';
import { useMayWork } from './status';

const MESSAGES = resourceByName('messages');

/** wa.me opens WhatsApp (app or web) on a chat with the number, the text typed in, ready to send. */
export function whatsappLink(phone: string, text: string): string {
  return `https://wa.me/${phone.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

function MessageActions({ record }: { record: BaseRecord }) {
  const t = useT();
  const { run, busy } = useAction({ invalidates: [{ resource: 'messages', invalidates: ['list', 'detail'] }] });
  const post = (what: 'sent' | 'retry') =>
    run({ url: `/messages/${String(record.id)}/${what}`, success: t(what === 'sent' ? 'outbox.markedSent' : 'outbox.retried') });
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
