// Create and edit an appointment: searchable patient with a quick "new patient" path, the doctor
// (when the clinic has more than one), date and time pickers, and the server's errors (an overlap
// on `time`) shown on their field.
import { useEffect, useRef, useState } from 'react';
import { Alert, Col, Input, Modal, Radio, Row, Select } from 'antd';
import { DateInput, NumberInput, TimeInput } from '../../engine/digitInputs';
import { MoneyInput } from '../../engine/MoneyInput';
import { Create, Edit } from '../../engine/kit/views';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { type BaseRecord, type HttpError, useForm as useRecordForm, useNotification } from '@refinedev/core';
import { type Control, useWatch } from 'react-hook-form';
import { useLocation, useNavigate, useParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { useOutboxDraft } from '../../offline/useOutboxDraft';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { PAYMENT_METHOD, enumValues } from '../../../shared/enums';
import { enumLabel, fieldLabel, resourceTitle } from '../../../shared/labels';
import { newIdempotencyKey } from '../../providers/http';
import { onFields, useAction, useAsk } from '../../engine/useAction';
import { PatientPicker } from './PatientPicker';
import { PatientSafety } from './PatientSafety';
import { ServiceSelect } from './ServiceSelect';
import { type PaymentForm, PaymentFields, useTakesPayments } from './PaymentFields';
import { FreeSlots, type SlotValues } from './FreeSlots';
import { SendConfirmation, type WaitingMessage, waitingByHand } from './SendConfirmation';
import { useDoctors } from './useDoctors';
import { useSession } from '../../providers/session';
import { formErrorNotification } from '../../providers/notificationProvider';
import { clinicDay, beforeClinicNow } from '../../engine/clinicDay';

const def = resourceByName('appointments');

interface Values {
  patient_id?: number;
  doctor_id?: number;
  date?: Dayjs | null;
  time?: Dayjs | null;
  duration_minutes?: number | null;
  origin?: number;
  type?: number;
  status?: number;
  service_id?: number | null;
  amount?: number | null;
  payment?: number | null;
  payment_method?: number | null;
  referral?: string;
  notes?: string;
  /** A new booking's repeats (POST /appointments/series): every 1, 2 or 4 weeks, `repeat_count` in all. */
  repeat_weeks?: number;
  repeat_count?: number;
  /** Saving a booking of a series: this one alone, or this and the following ones. */
  apply_to?: 'one' | 'following';
}

// The fields the form shows: a refusal naming one is said on it, anything else above the form.
const SHOWN = ['patient_id', 'doctor_id', 'date', 'time', 'duration_minutes', 'status', 'origin', 'type', 'service_id', 'amount', 'payment', 'payment_method', 'repeat_weeks', 'repeat_count', 'apply_to', 'referral', 'notes'] as const;
// What antd's form items gave as their initial values when the form held none.
const ITEM_DEFAULTS: Values = { payment_method: PAYMENT_METHOD.cash, repeat_count: 4, apply_to: 'one' };

/** What "this and the following" carries of a change (POST /appointments/:id/following). */
const FOLLOWING = ['date', 'time', 'duration_minutes', 'doctor_id', 'status', 'notes'] as const;

function toForm(r: Record<string, unknown>): Values {
  return {
    ...(r as Values),
    date: r.date ? dayjs(String(r.date).slice(0, 10)) : undefined,
    time: r.time ? dayjs(`2000-01-01T${String(r.time).slice(0, 5)}`) : undefined,
  };
}

/** The form's own fields of what it holds (a loaded record brings its other fields along: not sent back). */
function shownOf(v: Values): Values {
  return Object.fromEntries(SHOWN.filter((k) => k in v).map((k) => [k, v[k]]));
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
  // An edit's booking as loaded, in the shape the form sends: the data provider sends only what
  // was changed, on its version (If-Match). Sending every field unversioned put back a check-in
  // or a referral someone else saved meanwhile, and, from the device's copy during a cut (which
  // keeps no notes), emptied the booking's notes.
  const original = useRef<Record<string, unknown> | null>(null);
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
  // A slot clicked on the calendar arrives as ?date=&time=&doctor_id=&duration=.
  const params = new URLSearchParams(location.search);
  const time = /^\d{2}:\d{2}$/.test(params.get('time') ?? '') ? dayjs(`2000-01-01T${params.get('time')}`) : undefined;
  const duration = Number(params.get('duration'));
  const initial: Values = {
    ...ITEM_DEFAULTS,
    date: params.get('date') ? dayjs(params.get('date')) : clinicDay(),
    time,
    doctor_id: Number(params.get('doctor_id')) || undefined,
    duration_minutes: duration >= 5 && duration <= 480 ? duration : 15,
    origin: 0,
    type: 0,
    status: 0,
    amount: 0,
    patient_id: params.get('patient_id') ? Number(params.get('patient_id')) : undefined,
  };
  // The values in react-hook-form; the server's 422 on the fields it names (an overlap on `time`),
  // what names no field on the alert.
  const form = useHandForm<Values>({ fields: SHOWN, defaultValues: mode === 'create' ? initial : undefined });
  const { control, handleSubmit, reset, getValues, setValue, showErrors, otherErrors } = form;
  const failed = (err: unknown) => {
    showErrors(err);
    setGeneral(otherErrors(err));
  };
  // Refine's form core loads the appointment and saves it through the data provider.
  const { onFinish, query, mutation } = useRecordForm<BaseRecord, HttpError, Record<string, unknown>>({
    resource: 'appointments',
    action: mode,
    id,
    // What is being typed is never replaced by another user's save (their change meets a 412).
    liveMode: 'off',
    redirect: false,
    meta: mode === 'create' ? { idempotencyKey: submission.current } : { original },
    successNotification: false,
    errorNotification: formErrorNotification,
    onMutationSuccess: (answer) => done(answer.data),
    onMutationError: failed,
  });
  const result = query?.data?.data;
  // The loaded appointment fills the form, and again when it is read again (the link dropping or
  // coming back reads every screen again, from the device during a cut), but never over what is
  // being typed (keepDirtyValues, as Refine's own form does): a referral typed as the link dropped
  // was wiped by the device's copy, and the save sent nothing.
  useEffect(() => {
    if (mode !== 'edit' || !result) return;
    original.current = { ...result, ...toBody(shownOf(toForm(result))) };
    reset({ ...ITEM_DEFAULTS, ...toForm(result) }, { keepDirtyValues: true });
  }, [mode, result, reset]);
  // What the refused booking entered, over the form (a create keeps its client reference).
  useEffect(() => {
    if (!draft || (mode === 'edit' && !result)) return;
    if (mode === 'create' && draft.clientRef) submission.current = draft.clientRef;
    reset({ ...getValues(), ...toForm(draft.body) });
  }, [draft, result, mode, reset, getValues]);
  const [patientValue, doctorValue, repeatWeeks] = useWatch({ control, name: ['patient_id', 'doctor_id', 'repeat_weeks'] });
  const patientId = Number(patientValue) || null;
  const doctorId = Number(doctorValue) || undefined;
  // A new booking is the booking doctor's own, else the Main Doctor's (listed first).
  const { doctors } = useDoctors();
  const me = useSession().user?.id;
  const takesPayments = useTakesPayments();
  useEffect(() => {
    if (mode === 'create' && doctors.length && getValues('doctor_id') === undefined) {
      setValue('doctor_id', doctors.find((d) => d.id === me)?.id ?? doctors[0].id);
    }
  }, [mode, doctors, me, getValues, setValue]);
  const required = { required: t('validation.required', 'This field is required') };
  const range = (min: number, max: number, message: string) => ({ validate: (v: number | null | undefined) => v === null || v === undefined || (v >= min && v <= max) || message });
  // Repeats and "this and following" are calls of their own; their 422s land on the fields too.
  const { run, busy: posting } = useAction<{ data: unknown }>({ failure: onFields, invalidates: [{ resource: 'appointments', invalidates: ['list', 'many', 'detail'] }] });
  const post = async (url: string, values: Record<string, unknown>, headers?: Record<string, string>) => {
    try {
      const answer = await run({ url, values, headers });
      // A series answers its bookings: the first carries the confirmation.
      done(Array.isArray(answer.data) ? answer.data[0] : answer.data);
    } catch (err) {
      failed(err);
    }
  };
  const submit = (values: Values, pastConfirmed = false) => {
    setGeneral([]);
    const body = toBody(values);
    // A new booking at a time already gone is most likely a slip of the date: asked once.
    if (mode === 'create' && !pastConfirmed && body.date && body.time && beforeClinicNow(String(body.date), String(body.time))) {
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
  const enumSelect = (name: 'status' | 'origin' | 'type') => (
    <FormField control={control} name={name} htmlFor={`field-${name}`} label={fieldLabel(t, def, name)}>
      {(f) => <Select id={`field-${name}`} value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={enumValues(def.fields[name].enum ?? '').map((v) => ({ value: v, label: enumLabel(t, def.fields[name], v) }))} />}
    </FormField>
  );
  // The parts shared with the visit's form read the fields they know of this form's.
  // A value put in by the form (a free slot, a service's price) clears what was said on its field,
  // as antd's form did: it is checked again.
  const slots: Control<SlotValues> = control;
  const payments: PaymentForm<'amount'> = form;
  const save = handleSubmit((v) => submit(shownOf(v)));
  const body = (
    <form noValidate onSubmit={(e) => void save(e)} data-testid="appointment-form">
      <FormLayout>
        {general.length > 0 && <Alert type="error" showIcon message={general.join(' ')} style={{ marginBottom: 16 }} />}
        <FormField control={control} name="patient_id" htmlFor="field-patient_id" label={fieldLabel(t, def, 'patient_id')} rules={required}>
          {(f) => <PatientPicker id="field-patient_id" value={f.value} onChange={f.onChange} />}
        </FormField>
        {/* Whoever books sees what the doctor will need to know (allergies, alerts), as far as they may read it. */}
        {patientId ? <div style={{ marginTop: -8, marginBottom: 16 }}><PatientSafety patientId={patientId} /></div> : null}
        <FormField control={control} name="doctor_id" htmlFor="field-doctor_id" label={fieldLabel(t, def, 'doctor_id')} hidden={doctors.length < 2}>
          {(f) => <Select id="field-doctor_id" value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={doctors.map((d) => ({ value: d.id, label: d.name }))} />}
        </FormField>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <FormField control={control} name="date" htmlFor="field-date" label={fieldLabel(t, def, 'date')} rules={required}>
              {(f) => <DateInput id="field-date" style={{ width: '100%' }} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
          </Col>
          <Col xs={12} md={8}>
            <FormField control={control} name="time" htmlFor="field-time" label={fieldLabel(t, def, 'time')} rules={required}>
              {(f) => <TimeInput id="field-time" format="HH:mm" minuteStep={5} needConfirm={false} style={{ width: '100%' }} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
          </Col>
          <Col xs={12} md={8}>
            <FormField control={control} name="duration_minutes" htmlFor="field-duration_minutes" label={fieldLabel(t, def, 'duration_minutes')} rules={range(5, 480, t('validation.range', { min: 5, max: 480 }))}>
              {(f) => <NumberInput id="field-duration_minutes" precision={0} suffix={t('units.min', 'min')} style={{ width: '100%' }} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
          </Col>
          <Col xs={24}>
            <FreeSlots control={slots} onPick={(picked) => setValue('time', picked, { shouldValidate: true })} />
          </Col>
          <Col xs={24} md={8}>{enumSelect('status')}</Col>
          <Col xs={12} md={8}>{enumSelect('origin')}</Col>
          <Col xs={12} md={8}>{enumSelect('type')}</Col>
          <Col xs={24} md={8}>
            <FormField control={control} name="service_id" htmlFor="field-service_id" label={fieldLabel(t, def, 'service_id')}>
              {(f) => <ServiceSelect id="field-service_id" value={f.value} onChange={f.onChange} onBlur={f.onBlur} onPrice={(price) => setValue('amount', price, { shouldValidate: true })} doctorId={doctorId} />}
            </FormField>
          </Col>
          <Col xs={12} md={8}>
            <FormField control={control} name="amount" htmlFor="field-amount" label={fieldLabel(t, def, 'amount')} rules={{ validate: (v) => v === null || v === undefined || v >= 0 || t('validation.minimum', { limit: 0 }) }}>
              {(f) => <MoneyInput id="field-amount" style={{ width: '100%' }} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
          </Col>
          {takesPayments && (
            <Col xs={24}>
              <PaymentFields def={def} form={payments} chargeField="amount" paid={Number(result?.paid_amount ?? 0)} idPrefix="field" />
            </Col>
          )}
        </Row>
        {mode === 'create' && (
          <Row gutter={16}>
            <Col xs={16} md={8}>
              <FormField control={control} name="repeat_weeks" htmlFor="field-repeat_weeks" label={t('clinic.repeat')}>
                {(f) => <Select id="field-repeat_weeks" allowClear placeholder={t('clinic.repeatNone')} value={f.value} onChange={f.onChange} onBlur={f.onBlur} options={[1, 2, 4].map((w) => ({ value: w, label: t(`clinic.repeatEvery.${w}`) }))} />}
              </FormField>
            </Col>
            {repeatWeeks ? (
              <Col xs={8} md={4}>
                <FormField control={control} name="repeat_count" htmlFor="field-repeat_count" label={t('clinic.repeatCount')} defaultValue={4} rules={range(2, 52, t('validation.range', { min: 2, max: 52 }))}>
                  {(f) => <NumberInput id="field-repeat_count" precision={0} style={{ width: '100%' }} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
                </FormField>
              </Col>
            ) : null}
          </Row>
        )}
        {mode === 'edit' && result?.series_id ? (
          <FormField control={control} name="apply_to" htmlFor="field-apply_to" label={t('clinic.applyTo')} defaultValue="one">
            {(f) => <Radio.Group id="field-apply_to" value={f.value} onChange={(e) => f.onChange(e.target.value)} options={[{ value: 'one', label: t('clinic.thisOnly') }, { value: 'following', label: t('clinic.thisAndFollowing') }]} />}
          </FormField>
        ) : null}
        <FormField control={control} name="referral" htmlFor="field-referral" label={fieldLabel(t, def, 'referral')}>
          {(f) => <Input id="field-referral" maxLength={200} value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />}
        </FormField>
        <FormField control={control} name="notes" htmlFor="field-notes" label={fieldLabel(t, def, 'notes')}>
          {(f) => <Input.TextArea id="field-notes" rows={3} maxLength={2000} value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />}
        </FormField>
      </FormLayout>
    </form>
  );
  const saveButtonProps = { onClick: () => void save(), loading: mutation.isPending || posting, 'data-testid': 'appointment-save' };
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
