// Booking online on the clinic's site (/book, no account): the patient picks a doctor (and a
// service, where the clinic offers a choice), a day and one of its free times, then gives a name,
// phone and gender. The request waits for the desk (or is booked at once, as the clinic chose).
// Only free times are shown: nothing about who holds the others.
import { useEffect, useState } from 'react';
import { Button, Card, Input, Radio, Result, Select, Space, Spin, Typography } from 'antd';
import { DateInput } from '../../engine/digitInputs';
import dayjs, { type Dayjs } from 'dayjs';
import { useT } from '../../i18n/useT';
import { publicRead, publicSend } from '../../providers/publicSite';
import { ApiError } from '../../providers/http';
import { LoadError } from '../../engine/LoadError';
import { latinDigits } from '../../../shared/digits';
import { enumLabel } from '../../../shared/labels';
import { errorsOf } from '../../engine/formErrors';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { LandingShell } from './LandingShell';
import { useDocumentMeta } from './useDocumentMeta';

interface Offer {
  doctors: { id: number; name: string }[];
  services: { id: number; name: string }[];
  from: string;
  to: string;
  auto_confirm: boolean;
}
interface Values {
  name: string;
  phone: string;
  gender: number;
  reason?: string;
}
const GENDER = { type: 'enum' as const, enum: 'gender' };
const FIELDS = ['name', 'phone', 'gender', 'reason'] as const;

export default function BookOnline() {
  const t = useT();
  useDocumentMeta(t('onlineBooking.title'), t('onlineBooking.title'));
  const [offer, setOffer] = useState<Offer | null>(null);
  const [closed, setClosed] = useState(false);
  // A read that failed (a cut, a timeout) says so with Retry: "no free time" or "closed" would be
  // read as an answer. Bumping `attempt` asks again.
  const [failed, setFailed] = useState<'offer' | 'slots' | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [doctorId, setDoctorId] = useState<number | null>(null);
  const [serviceId, setServiceId] = useState<number | null>(null);
  const [day, setDay] = useState<Dayjs | null>(null);
  const [free, setFree] = useState<string[] | null>(null);
  const [time, setTime] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<{ status: string; date: string; time: string } | null>(null);
  const { control, handleSubmit, showErrors } = useHandForm<Values>({ fields: FIELDS, defaultValues: { name: '', phone: '', reason: '' } });

  useEffect(() => {
    if (offer) return;
    setFailed(null);
    publicRead<{ data: Offer }>('/public/booking')
      .then(({ data }) => {
        setOffer(data);
        if (data.doctors.length === 1) setDoctorId(data.doctors[0].id);
        setDay(dayjs(data.from));
      })
      .catch((err: unknown) => (err instanceof ApiError && err.statusCode === 404 ? setClosed(true) : setFailed('offer')));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asked once, and again on Retry only
  }, [attempt]);
  useEffect(() => {
    setFree(null);
    setTime(null);
    setFailed(null);
    if (!doctorId || !day) return;
    const date = day.format('YYYY-MM-DD');
    // An answer for a doctor or day no longer chosen is dropped: answered after the current one
    // (a slow network), it showed another day's times under the chosen day.
    let chosen = true;
    publicRead<{ data: { days: { date: string; free: string[] }[] } }>('/public/booking/slots', { doctor_id: doctorId, from: date, to: date })
      .then(({ data }) => chosen && setFree(data.days[0]?.free ?? []))
      .catch(() => chosen && setFailed('slots'));
    return () => {
      chosen = false;
    };
  }, [doctorId, day, attempt]);
  const retry = () => setAttempt((n) => n + 1);

  const send = async (values: Values) => {
    setSending(true);
    try {
      const answer = await publicSend<{ data: { status: string; date: string; time: string } }>('/public/booking', {
        doctor_id: doctorId,
        service_id: serviceId,
        date: day!.format('YYYY-MM-DD'),
        time,
        name: values.name.trim(),
        phone: values.phone,
        gender: values.gender,
        reason: values.reason?.trim() || null,
      });
      setDone(answer.data);
    } catch (err) {
      showErrors(err);
      // The time was taken meanwhile: the day's free times are read again.
      if (errorsOf(err).time) setDay((d) => (d ? d.clone() : d));
    } finally {
      setSending(false);
    }
  };

  let content;
  if (closed) content = <Result status="info" title={t('onlineBooking.closed')} />;
  else if (failed === 'offer') content = <LoadError onRetry={retry} />;
  else if (!offer) content = <Spin />;
  else if (done)
    content = (
      <div data-testid="booking-sent">
        <Result status="success" title={t(done.status === 'approved' ? 'onlineBooking.sentBooked' : 'onlineBooking.sentPending')} subTitle={<bdi dir="ltr">{`${done.date} ${done.time}`}</bdi>} />
      </div>
    );
  else
    content = (
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('onlineBooking.noPatientData')}</Typography.Text>
        <div>
          <Typography.Text strong>{t('onlineBooking.doctor')}</Typography.Text>
          <Radio.Group style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }} value={doctorId} onChange={(e) => setDoctorId(Number(e.target.value))} optionType="button" options={offer.doctors.map((d) => ({ value: d.id, label: d.name }))} data-testid="book-doctor" />
        </div>
        {offer.services.length > 0 && (
          <div>
            <Typography.Text strong>{t('onlineBooking.service')}</Typography.Text>
            <Select style={{ width: '100%', marginTop: 8 }} allowClear value={serviceId ?? undefined} onChange={(v) => setServiceId(v ?? null)} options={offer.services.map((s) => ({ value: s.id, label: s.name }))} />
          </div>
        )}
        <div>
          <Typography.Text strong>{t('onlineBooking.day')}</Typography.Text>
          <DateInput
            style={{ width: '100%', marginTop: 8 }}
            value={day}
            allowClear={false}
            inputReadOnly
            onChange={(d) => setDay(d)}
            disabledDate={(d) => d.isBefore(dayjs(offer.from), 'day') || d.isAfter(dayjs(offer.to), 'day')}
            data-testid="book-day"
          />
        </div>
        {doctorId && (
          <div data-testid="book-slots">
            <Typography.Text strong>{t('onlineBooking.time')}</Typography.Text>
            <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginTop: 8 }}>
              {failed === 'slots' ? <LoadError onRetry={retry} /> : free === null ? <Spin size="small" /> : free.length === 0 ? <Typography.Text type="secondary">{t('onlineBooking.noSlots')}</Typography.Text> : null}
              {free?.map((slot) => (
                <Button key={slot} type={slot === time ? 'primary' : 'default'} onClick={() => setTime(slot)} data-testid={`book-slot-${slot}`}>
                  <bdi dir="ltr">{slot}</bdi>
                </Button>
              ))}
            </div>
          </div>
        )}
        {time && (
          <form noValidate onSubmit={(e) => void handleSubmit(send)(e)}>
            <FormLayout requiredMark={false}>
              <FormField
                control={control}
                name="name"
                htmlFor="book-name"
                label={t('onlineBooking.name')}
                rules={{ required: t('validation.required'), validate: (v) => (v.length >= 2 && v.length <= 120) || t('validation.required') }}
              >
                {(f) => <Input id="book-name" autoComplete="name" maxLength={120} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
              </FormField>
              {/* Digits of any script are kept as Latin ones, as every phone input of the platform does. */}
              <FormField control={control} name="phone" htmlFor="book-phone" label={t('onlineBooking.phone')} rules={{ required: t('validation.required') }}>
                {(f) => (
                  <Input id="book-phone" type="tel" inputMode="tel" autoComplete="tel" dir="ltr" className="phone-input" maxLength={30} placeholder="07xx xxx xxxx" value={f.value} onChange={(e) => f.onChange(latinDigits(e.target.value))} onBlur={f.onBlur} />
                )}
              </FormField>
              <FormField control={control} name="gender" label={t('onlineBooking.gender')} rules={{ validate: (v) => v === 0 || v === 1 || t('validation.required') }} required>
                {(f) => <Radio.Group value={f.value} onChange={(e) => f.onChange(e.target.value)} options={[0, 1].map((g) => ({ value: g, label: enumLabel(t, GENDER, g) }))} data-testid="book-gender" />}
              </FormField>
              <FormField control={control} name="reason" htmlFor="book-reason" label={t('onlineBooking.reason')}>
                {(f) => <Input.TextArea id="book-reason" maxLength={300} autoSize={{ minRows: 2 }} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
              </FormField>
              <Button type="primary" size="large" htmlType="submit" block loading={sending} data-testid="book-send">
                {t('onlineBooking.send')}
              </Button>
            </FormLayout>
          </form>
        )}
      </Space>
    );
  return (
    <LandingShell brand={t('onlineBooking.title')}>
      <Card title={t('onlineBooking.title')} style={{ maxWidth: 560, margin: '24px auto' }} data-testid="book-online">
        {content}
      </Card>
    </LandingShell>
  );
}
