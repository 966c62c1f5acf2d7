// Create and edit an appointment: searchable patient with a quick "new patient" path, the doctor
// (when the clinic has more than one), date and time pickers, and the server's errors (an overlap
// on `time`) shown on their field.
import { useEffect, useRef, useState } from 'react';
import { Alert, Col, DatePicker, Form, Input, Modal, Radio, Row, Select, TimePicker } from 'antd';
import { NumberInput, PICKER_DIGITS, usePickerClear } from '../../engine/digitInputs';
import { MoneyInput } from '../../engine/MoneyInput';
// TODO(issue 35): antd's useForm until this form moves onto the one form engine (engine/kit/form.tsx).
import { useForm } from '@refinedev/antd';
import { Create, Edit } from '../../engine/kit/views';
import { type BaseRecord, type HttpError, useNotification } from '@refinedev/core';
import { useLocation, useNavigate, useParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { useOutboxDraft } from '../../offline/useOutboxDraft';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { enumValues } from '../../../shared/enums';
import { enumLabel, fieldLabel, resourceTitle } from '../../../shared/labels';
import { errorsOf } from '../../engine/formErrors';
import { newIdempotencyKey } from '../../providers/http';
import { onFields, useAction, useAsk } from '../../engine/useAction';
import { PatientPicker } from './PatientPicker';
import { PatientSafety } from './PatientSafety';
import { ServiceSelect } from './ServiceSelect';
import { PaymentFields, useTakesPayments } from './PaymentFields';
import { FreeSlots } from './FreeSlots';
import { SendConfirmation, type WaitingMessage, waitingByHand } from './SendConfirmation';
import { useDoctors } from './useDoctors';
import { useSession } from '../../providers/session';
import { formErrorNotification } from '../../providers/notificationProvider';

const def = resourceByName('appointments');
const FIELDS = Object.keys(def.fields);

interface Values {
  patient_id?: number;
  doctor_id?: number;
  date?: Dayjs;
  time?: Dayjs;
  duration_minutes?: number;
  origin?: number;
  type?: number;
  status?: number;
  service_id?: number | null;
  amount?: number;
  payment?: number | null;
  payment_method?: number;
  referral?: string;
  notes?: string;
  /** A new booking's repeats (POST /appointments/series): every 1, 2 or 4 weeks, `repeat_count` in all. */
  repeat_weeks?: number;
  repeat_count?: number;
  /** Saving a booking of a series: this one alone, or this and the following ones. */
  apply_to?: 'one' | 'following';
}

/** What "this and the following" carries of a change (POST /appointments/:id/following). */
const FOLLOWING = ['date', 'time', 'duration_minutes', 'doctor_id', 'status', 'notes'] as const;

function toForm(r: Record<string, unknown>): Values {
  return {
    ...(r as Values),
    date: r.date ? dayjs(String(r.date).slice(0, 10)) : undefined,
    time: r.time ? dayjs(`2000-01-01T${String(r.time).slice(0, 5)}`) : undefined,
  };
}

function toBody(v: Values): Record<string, unknown> {
  // A payment is sent only when one is taken (a row of the ledger, with its receipt).
  const payment = Number(v.payment ?? 0) > 0 ? { payment: v.payment, payment_method: v.payment_method } : { payment: null, payment_method: null };
  const { repeat_weeks: _weeks, repeat_count: _count, apply_to: _applyTo, ...rest } = v;
  return { ...rest, ...payment, date: v.date?.format('YYYY-MM-DD'), time: v.time?.format('HH:mm'), referral: v.referral || null, notes: v.notes || null, service_id: v.service_id ?? null };
}

export function AppointmentForm({ mode }: { mode: 'create' | 'edit' }) {
  const t = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const [general, setGeneral] = useState<string[]>([]);
  // One key per submission: a double click, or a retry after a lost answer, books once.
  const submission = useRef(newIdempotencyKey());
  // A new booking whose confirmation waits to be sent by hand: offered at once, then back.
  const [waiting, setWaiting] = useState<WaitingMessage | null>(null);
  const back = () => {
    setWaiting(null);
    // Opened in a tab of its own (the form is the tab's first page), "back" would leave the app
    // for a blank page: the bookings instead.
    if (location.key === 'default') navigate('/appointments', { replace: true });
    else navigate(-1);
  };
  const { open } = useNotification();
  const ask = useAsk();
  // Opened by "edit" on the Sync problems screen: a booking refused on replay (its slot taken).
  const { draft, settle } = useOutboxDraft();
  const done = (created?: unknown) => {
    submission.current = newIdempotencyKey();
    void settle(created);
    open?.({ type: 'success', message: t('notifications.saved', 'Saved') });
    const id = Number((created as { id?: unknown } | undefined)?.id);
    // A booking kept during a cut (a provisional id, below zero) has no confirmation yet: the
    // server writes it once it has the booking.
    if (mode !== 'create' || !id || id < 0) return back();
    void waitingByHand(ask, id).then((message) => (message ? setWaiting(message) : back()));
  };
  // Refine's antd form loads the appointment, saves it and puts the server's 422 on the fields it
  // names (an overlap on `time`); what names no field goes on the alert.
  const { form, formProps, onFinish, query, mutation } = useForm<BaseRecord, HttpError, Record<string, unknown>>({
    resource: 'appointments',
    action: mode,
    id,
    // What is being typed is never replaced by another user's save (their change meets a 412).
    liveMode: 'off',
    redirect: false,
    meta: mode === 'create' ? { idempotencyKey: submission.current } : undefined,
    successNotification: false,
    errorNotification: formErrorNotification,
    onMutationSuccess: (answer) => done(answer.data),
    onMutationError: (err) => setGeneral(Object.entries(errorsOf(err)).filter(([name]) => !FIELDS.includes(name)).flatMap(([, m]) => m)),
  });
  const result = query?.data?.data;
  // What the refused booking entered, over the form (a create keeps its client reference).
  useEffect(() => {
    if (!draft || (mode === 'edit' && !result)) return;
    if (mode === 'create' && draft.clientRef) submission.current = draft.clientRef;
    form.setFieldsValue(toForm(draft.body) as Parameters<typeof form.setFieldsValue>[0]);
  }, [draft, result, mode, form]);
  const patientId = Number(Form.useWatch('patient_id', form)) || null;
  const doctorId = Number(Form.useWatch('doctor_id', form)) || undefined;
  // A new booking is the booking doctor's own, else the Main Doctor's (listed first).
  const { doctors } = useDoctors();
  const me = useSession().user?.id;
  const takesPayments = useTakesPayments();
  useEffect(() => {
    if (mode === 'create' && doctors.length && form.getFieldValue('doctor_id') === undefined) {
      form.setFieldValue('doctor_id', doctors.find((d) => d.id === me)?.id ?? doctors[0].id);
    }
  }, [mode, doctors, me, form]);
  // A slot clicked on the calendar arrives as ?date=&time=&doctor_id=&duration=.
  const params = new URLSearchParams(location.search);
  const time = /^\d{2}:\d{2}$/.test(params.get('time') ?? '') ? dayjs(`2000-01-01T${params.get('time')}`) : undefined;
  const duration = Number(params.get('duration'));
  const initial: Values = {
    date: dayjs(params.get('date') ?? undefined),
    time,
    doctor_id: Number(params.get('doctor_id')) || undefined,
    duration_minutes: duration >= 5 && duration <= 480 ? duration : 15,
    origin: 0,
    type: 0,
    status: 0,
    amount: 0,
    patient_id: params.get('patient_id') ? Number(params.get('patient_id')) : undefined,
  };
  const required = [{ required: true, message: t('validation.required', 'This field is required') }];
  // Repeats and "this and following" are calls of their own; their 422s land on the fields too.
  const { run, busy: posting } = useAction<{ data: unknown }>({ failure: onFields, invalidates: [{ resource: 'appointments', invalidates: ['list', 'many', 'detail'] }] });
  const post = async (url: string, values: Record<string, unknown>, headers?: Record<string, string>) => {
    try {
      const answer = await run({ url, values, headers });
      // A series answers its bookings: the first carries the confirmation.
      done(Array.isArray(answer.data) ? answer.data[0] : answer.data);
    } catch (err) {
      const errors = errorsOf(err);
      form.setFields(Object.entries(errors).filter(([name]) => FIELDS.includes(name)).map(([name, messages]) => ({ name, errors: messages })));
      setGeneral(Object.entries(errors).filter(([name]) => !FIELDS.includes(name)).flatMap(([, m]) => m));
    }
  };
  const submit = (values: Values, pastConfirmed = false) => {
    setGeneral([]);
    const body = toBody(values);
    // A new booking at a time already gone is most likely a slip of the date: asked once.
    if (mode === 'create' && !pastConfirmed && body.date && body.time && dayjs(`${String(body.date)} ${String(body.time)}`).isBefore(dayjs())) {
      Modal.confirm({
        title: t('clinic.pastBookingTitle', 'This time has already passed'),
        content: t('clinic.pastBooking', { date: String(body.date), time: String(body.time), defaultValue: 'Book {{date}} {{time}} anyway?' }),
        okText: t('clinic.bookAnyway', 'Book anyway'),
        cancelText: t('buttons.cancel', 'Cancel'),
        onOk: () => submit(values, true),
      });
      return;
    }
    if (mode === 'create' && values.repeat_weeks) {
      void post('/appointments/series', { ...body, repeat: { every_weeks: values.repeat_weeks, count: values.repeat_count ?? 2 } }, { 'Idempotency-Key': submission.current });
      return;
    }
    if (mode === 'edit' && values.apply_to === 'following' && result) {
      // Only what was changed goes to the following bookings.
      const before = toBody(toForm(result));
      const changed = Object.fromEntries(FOLLOWING.filter((k) => JSON.stringify(body[k] ?? null) !== JSON.stringify(before[k] ?? null)).map((k) => [k, body[k]]));
      void post(`/appointments/${String(id)}/following`, changed);
      return;
    }
    // A failure is told on the form (onMutationError) and by Refine's toast.
    onFinish(body).catch(() => undefined);
  };
  const repeatWeeks = Form.useWatch('repeat_weeks', form);
  const clear = usePickerClear();
  const enumSelect = (name: string) => (
    <Select id={`field-${name}`} options={enumValues(def.fields[name].enum ?? '').map((v) => ({ value: v, label: enumLabel(t, def.fields[name], v) }))} />
  );
  const body = (
    <Form {...formProps} layout="vertical" initialValues={mode === 'create' ? initial : result && toForm(result)} onFinish={(v) => submit(v as Values)} data-testid="appointment-form">
      {general.length > 0 && <Alert type="error" showIcon message={general.join(' ')} style={{ marginBottom: 16 }} />}
      <Form.Item name="patient_id" htmlFor="field-patient_id" label={fieldLabel(t, def, 'patient_id')} rules={required}>
        <PatientPicker id="field-patient_id" />
      </Form.Item>
      {/* Whoever books sees what the doctor will need to know (allergies, alerts), as far as they may read it. */}
      {patientId ? <div style={{ marginTop: -8, marginBottom: 16 }}><PatientSafety patientId={patientId} /></div> : null}
      <Form.Item name="doctor_id" htmlFor="field-doctor_id" label={fieldLabel(t, def, 'doctor_id')} hidden={doctors.length < 2}>
        <Select id="field-doctor_id" options={doctors.map((d) => ({ value: d.id, label: d.name }))} />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item name="date" htmlFor="field-date" label={fieldLabel(t, def, 'date')} rules={required}>
            <DatePicker id="field-date" allowClear={clear} components={PICKER_DIGITS} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="time" htmlFor="field-time" label={fieldLabel(t, def, 'time')} rules={required}>
            <TimePicker id="field-time" allowClear={clear} components={PICKER_DIGITS} format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="duration_minutes" htmlFor="field-duration_minutes" label={fieldLabel(t, def, 'duration_minutes')} rules={[{ type: 'number', min: 5, max: 480, message: t('validation.range', { min: 5, max: 480 }) }]}>
            <NumberInput id="field-duration_minutes" precision={0} suffix={t('units.min', 'min')} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <FreeSlots form={form} />
        </Col>
        <Col xs={24} md={8}><Form.Item name="status" htmlFor="field-status" label={fieldLabel(t, def, 'status')}>{enumSelect('status')}</Form.Item></Col>
        <Col xs={12} md={8}><Form.Item name="origin" htmlFor="field-origin" label={fieldLabel(t, def, 'origin')}>{enumSelect('origin')}</Form.Item></Col>
        <Col xs={12} md={8}><Form.Item name="type" htmlFor="field-type" label={fieldLabel(t, def, 'type')}>{enumSelect('type')}</Form.Item></Col>
        <Col xs={24} md={8}>
          <Form.Item name="service_id" htmlFor="field-service_id" label={fieldLabel(t, def, 'service_id')}>
            <ServiceSelect id="field-service_id" form={form} amountField="amount" doctorId={doctorId} />
          </Form.Item>
        </Col>
        <Col xs={12} md={8}>
          <Form.Item name="amount" htmlFor="field-amount" label={fieldLabel(t, def, 'amount')} rules={[{ type: 'number', min: 0, message: t('validation.minimum', { limit: 0 }) }]}>
            <MoneyInput id="field-amount" style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        {takesPayments && (
          <Col xs={24}>
            <PaymentFields def={def} form={form} chargeField="amount" paid={Number(result?.paid_amount ?? 0)} idPrefix="field" />
          </Col>
        )}
      </Row>
      {mode === 'create' && (
        <Row gutter={16}>
          <Col xs={16} md={8}>
            <Form.Item name="repeat_weeks" htmlFor="field-repeat_weeks" label={t('clinic.repeat')}>
              <Select id="field-repeat_weeks" allowClear placeholder={t('clinic.repeatNone')} options={[1, 2, 4].map((w) => ({ value: w, label: t(`clinic.repeatEvery.${w}`) }))} />
            </Form.Item>
          </Col>
          {repeatWeeks ? (
            <Col xs={8} md={4}>
              <Form.Item name="repeat_count" htmlFor="field-repeat_count" label={t('clinic.repeatCount')} initialValue={4} rules={[{ type: 'number', min: 2, max: 52, message: t('validation.range', { min: 2, max: 52 }) }]}>
                <NumberInput id="field-repeat_count" precision={0} style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          ) : null}
        </Row>
      )}
      {mode === 'edit' && result?.series_id ? (
        <Form.Item name="apply_to" htmlFor="field-apply_to" label={t('clinic.applyTo')} initialValue="one">
          <Radio.Group id="field-apply_to" options={[{ value: 'one', label: t('clinic.thisOnly') }, { value: 'following', label: t('clinic.thisAndFollowing') }]} />
        </Form.Item>
      ) : null}
      <Form.Item name="referral" htmlFor="field-referral" label={fieldLabel(t, def, 'referral')}>
        <Input id="field-referral" maxLength={200} />
      </Form.Item>
      <Form.Item name="notes" htmlFor="field-notes" label={fieldLabel(t, def, 'notes')}>
        <Input.TextArea id="field-notes" rows={3} maxLength={2000} />
      </Form.Item>
    </Form>
  );
  const saveButtonProps = { onClick: () => form.submit(), loading: mutation.isPending || posting, 'data-testid': 'appointment-save' };
  if (mode === 'create')
    return (
      <Create title={resourceTitle(t, def)} saveButtonProps={saveButtonProps}>
        {body}
        <SendConfirmation message={waiting} onDone={back} />
      </Create>
    );
  return <Edit title={resourceTitle(t, def)} saveButtonProps={saveButtonProps} isLoading={query?.isLoading}>{body}</Edit>;
}

export function AppointmentCreate() {
  return <AppointmentForm mode="create" />;
}

export default function AppointmentEdit() {
  return <AppointmentForm mode="edit" />;
}
