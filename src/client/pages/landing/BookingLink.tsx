// The page a patient opens from the link in a message (/a/<ref> on the clinic's site, no account):
// the booking's day, time and doctor, "I will come", cancel (after asking), and no more messages.
// It opens in the language the message was written in (?lang=), shows nothing else of the patient.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Popconfirm, Result, Space, Spin } from 'antd';
import { useParams, useSearchParams } from 'react-router';
import { isLang, setLocale } from '../../i18n';
import { useT } from '../../i18n/useT';
import { Ltr } from '../../engine/Ltr';
import { publicRead, publicSend } from '../../providers/publicSite';
import { LandingShell } from './LandingShell';
import { useDocumentMeta } from './useDocumentMeta';

interface Booking {
  clinic: string;
  doctor: string | null;
  date: string;
  time: string;
  state: 'booked' | 'cancelled' | 'over';
  confirmed: boolean;
}

export default function BookingLink() {
  const t = useT();
  const { ref = '' } = useParams();
  const [search] = useSearchParams();
  const [booking, setBooking] = useState<Booking | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [stopped, setStopped] = useState(false);
  useDocumentMeta(`${t('bookingLink.title')}${booking ? ` — ${booking.clinic}` : ''}`, t('bookingLink.title'));

  useEffect(() => {
    const lang = search.get('lang');
    if (isLang(lang)) void setLocale(lang);
  }, [search]);
  useEffect(() => {
    publicRead<{ data: Booking }>(`/public/appointments/${encodeURIComponent(ref)}`)
      .then((answer) => setBooking(answer.data))
      .catch(() => setFailed(true));
  }, [ref]);

  const act = async (action: 'confirm' | 'cancel' | 'stop') => {
    setBusy(action);
    try {
      const answer = await publicSend<{ data: Booking }>(`/public/appointments/${encodeURIComponent(ref)}/${action}`);
      setBooking(answer.data);
      if (action === 'stop') setStopped(true);
    } finally {
      setBusy(null);
    }
  };

  let content;
  if (failed) content = <Result status="warning" title={t('bookingLink.invalid')} />;
  else if (!booking) content = <Spin />;
  else {
    const open = booking.state === 'booked';
    content = (
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label={t('bookingLink.clinic')}>{booking.clinic}</Descriptions.Item>
          {booking.doctor && <Descriptions.Item label={t('bookingLink.doctor')}>{booking.doctor}</Descriptions.Item>}
          <Descriptions.Item label={t('bookingLink.when')}>
            <Ltr>{`${booking.date} ${booking.time}`}</Ltr>
          </Descriptions.Item>
        </Descriptions>
        {booking.state === 'cancelled' && <Alert type="warning" showIcon message={t('bookingLink.cancelled')} />}
        {booking.state === 'over' && <Alert type="info" showIcon message={t('bookingLink.over')} />}
        {open && booking.confirmed && <Alert type="success" showIcon message={t('bookingLink.confirmed')} data-testid="booking-confirmed" />}
        {stopped && <Alert type="info" showIcon message={t('bookingLink.stopped')} />}
        {open && (
          <Space wrap>
            {!booking.confirmed && (
              <Button type="primary" size="large" loading={busy === 'confirm'} onClick={() => void act('confirm').catch(() => undefined)} data-testid="booking-confirm">
                {t('bookingLink.confirm')}
              </Button>
            )}
            <Popconfirm title={t('bookingLink.cancelConfirm')} okText={t('bookingLink.cancel')} cancelText={t('bookingLink.keep')} okButtonProps={{ danger: true }} onConfirm={() => act('cancel').catch(() => undefined)}>
              <Button danger size="large" loading={busy === 'cancel'} data-testid="booking-cancel">
                {t('bookingLink.cancel')}
              </Button>
            </Popconfirm>
          </Space>
        )}
        {!stopped && (
          <Button type="link" loading={busy === 'stop'} onClick={() => void act('stop').catch(() => undefined)} data-testid="booking-stop">
            {t('bookingLink.stop')}
          </Button>
        )}
      </Space>
    );
  }
  return (
    <LandingShell brand={booking?.clinic ?? t('app.title', 'Clinic Platform')}>
      <Card title={t('bookingLink.title')} style={{ maxWidth: 520, margin: '24px auto' }} data-testid="booking-link">
        {content}
      </Card>
    </LandingShell>
  );
}
