// Right after a booking is made at the desk: when its confirmation waits to be sent by hand (no
// transport reaches the patient), the desk is offered to send it now, one click to WhatsApp, or
// later from "Patient messages".
import { Button, Modal, Typography } from 'antd';
import { WhatsAppOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { type Ask, useAction } from '../../engine/useAction';
import { whatsappLink } from './MessagesList';

export interface WaitingMessage {
  id: number;
  recipient: string;
  body: string;
}

/** The booking's message waiting to be sent by hand, if any (none when the caller may not read them). */
export async function waitingByHand(ask: Ask, appointmentId: number): Promise<WaitingMessage | null> {
  try {
    const query = { 'filter[appointment_id]': appointmentId, 'filter[status]': 'pending', 'filter[channel]': 'manual', per_page: 1 };
    const answer = await ask<{ data: WaitingMessage[] }>('/messages', { query, quiet: true });
    return answer.data[0] ?? null;
  } catch {
    return null;
  }
}

export function SendConfirmation({ message, onDone }: { message: WaitingMessage | null; onDone: () => void }) {
  const t = useT();
  const { run, busy } = useAction({ success: t('outbox.markedSent'), invalidates: [{ resource: 'messages', invalidates: ['list', 'detail'] }] });
  const send = async () => {
    try {
      await run({ url: `/messages/${message!.id}/sent` });
    } finally {
      onDone();
    }
  };
  return (
    <Modal open={!!message} title={t('outbox.sendNow')} onCancel={onDone} destroyOnHidden footer={[
      <Button key="later" onClick={onDone} data-testid="send-later">{t('outbox.later')}</Button>,
      <Button
        key="send"
        type="primary"
        icon={<WhatsAppOutlined />}
        href={message ? whatsappLink(message.recipient, message.body) : undefined}
        target="_blank"
        rel="noopener noreferrer"
        loading={busy}
        onClick={() => void send().catch(() => undefined)}
        data-testid="send-now"
      >
        {t('outbox.sendWhatsApp')}
      </Button>,
    ]}>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="send-now-text">{message?.body}</Typography.Paragraph>
    </Modal>
  );
}
