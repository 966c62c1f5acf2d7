// Recording a visit: findings, diagnosis, prescriptions, advice lists, notes and payment.
// POST /visitings with the patient and appointment (or PATCH when editing a saved visit);
// per-item errors land on their row.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Input, Row } from 'antd';
import { MoneyInput } from '../../engine/MoneyInput';
import { SaveOutlined } from '@ant-design/icons';
import { type BaseRecord, type HttpError, useForm as useRecordForm, useOne } from '@refinedev/core';
import type { Control } from 'react-hook-form';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { fieldLabel } from '../../../shared/labels';
import { PAYMENT_METHOD } from '../../../shared/enums';
import { errorsOf } from '../../engine/formErrors';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { CatalogSelect } from './CatalogSelect';
import { AttachmentsInput } from '../../engine/AttachmentsInput';
import type { FieldDef } from '../../../shared/resource';
import { RX_FIELDS, type RxValues, PrescriptionRows } from './PrescriptionRows';
import { ADVICE, type RxRow, VISIT_TEXTS, visitBody, visitValues } from './lib/visitBody';
import { formErrorNotification } from '../../providers/notificationProvider';
import { useSession } from '../../providers/session';
import { TENANT_ROLE } from '../../../shared/roles';
import { ServiceSelect } from './ServiceSelect';
import { type PaymentForm, PaymentFields, useTakesPayments } from './PaymentFields';

const def = resourceByName('visitings');
const TEXTS = VISIT_TEXTS;
type Advice = (typeof ADVICE)[number]['field'];

type Values = { [K in (typeof TEXTS)[number]]?: string } & { [K in Advice]?: number[] } & {
  prescriptions?: RxRow[];
  notes?: string;
  attachments?: unknown;
  service_id?: number | null;
  fee?: number | null;
  payment?: number | null;
  payment_method?: number | null;
  allergy_override?: boolean;
  allergy_override_reason?: string;
};

// The fields this form shows (the rows' fields by their place); an error on any other (a plan
// limit, the appointment, the list of prescriptions itself) goes to the alert.
const SHOWN = [...TEXTS, ...ADVICE.map((a) => a.field), ...RX_FIELDS, 'notes', 'attachments', 'service_id', 'fee', 'payment', 'payment_method', 'allergy_override', 'allergy_override_reason'] as const;

interface Props {
  patientId: number;
  appointmentId: number | null;
  /** A saved visit to edit; without it the form records a new one. */
  visit?: BaseRecord;
  onSaved: (visit: BaseRecord) => void;
}

export function VisitForm({ patientId, appointmentId, visit, onSaved }: Props) {
  const t = useT();
  const [general, setGeneral] = useState<string[]>([]);
  // The prices offered: the visit's doctor's (the caller, when a doctor records it) and everyone's.
  const { user } = useSession();
  const doctorId = visit?.doctor_id !== undefined && visit.doctor_id !== null ? Number(visit.doctor_id) : user?.role === TENANT_ROLE.mainDoctor || user?.role === TENANT_ROLE.doctor ? user.id : undefined;
  const takesPayments = useTakesPayments();
  // What the encounter was paid so far: the saved visit's, or a new visit's booking's at the desk
  // (whose amount is then the fee to start from).
  const booking = useOne<BaseRecord>({ resource: 'appointments', id: appointmentId ?? undefined, queryOptions: { enabled: !visit && appointmentId !== null } }).result;
  const paid = Number((visit ?? booking)?.paid_amount ?? 0);
  const bookedAmount = Number(booking?.amount ?? 0);
  // A drug matching the patient's allergy: the server names the way past it, offered here.
  const [askOverride, setAskOverride] = useState(false);
  // The values in react-hook-form; the server's 422 on the fields it names, the rows' too
  // ("prescriptions.1.drug_id" on that row's drug), an advice list's item errors on the list, and
  // what names no field here (a plan limit, the appointment) on the alert.
  const form = useHandForm<Values>({ fields: SHOWN, defaultValues: { payment_method: PAYMENT_METHOD.cash, ...(visit ? (visitValues(visit) as Values) : { fee: 0, prescriptions: [] }) } });
  const { control, handleSubmit, getValues, setValue, showErrors, otherErrors } = form;
  // Refine's form core saves the visit through the data provider.
  const { onFinish, mutation } = useRecordForm<BaseRecord, HttpError, Record<string, unknown>>({
    liveMode: 'off',
    resource: 'visitings',
    action: visit?.id !== undefined ? 'edit' : 'create',
    id: visit?.id,
    redirect: false,
    // The visit comes with the page (a saved one from the patient's history).
    queryOptions: { enabled: false },
    successNotification: false,
    errorNotification: formErrorNotification,
    onMutationSuccess: ({ data }) => onSaved(data),
    onMutationError: (err) => {
      const errors = errorsOf(err);
      showErrors(err);
      if (errors.allergy_override) {
        setAskOverride(true);
        // Said again once the checkbox exists (the next render).
        setTimeout(() => showErrors(err));
      }
      const rest = otherErrors(err);
      setGeneral(rest.length || Object.keys(errors).length ? rest : [err.message]);
    },
  });
  useEffect(() => {
    if (bookedAmount > 0 && !Number(getValues('fee'))) setValue('fee', bookedAmount);
  }, [bookedAmount, getValues, setValue]);
  const submit = (values: Values) => {
    setGeneral([]);
    // A failure is told by the form (onMutationError) and Refine's toast.
    return onFinish(visitBody(values, patientId, appointmentId)).catch(() => undefined);
  };
  // The parts shared with the booking's form read the fields they know of this form's.
  const rows: Control<RxValues> = control;
  const payments: PaymentForm<'fee'> = form;
  return (
    <form noValidate onSubmit={(e) => void handleSubmit(submit)(e)} data-testid="visit-form">
      <FormLayout>
        {general.length > 0 && <Alert type="error" showIcon message={general.join(' ')} style={{ marginBottom: 16 }} />}
        <Card size="small" style={{ marginBottom: 16 }}>
          <Row gutter={16}>
            {TEXTS.map((f) => (
              <Col key={f} xs={24} md={12}>
                <FormField control={control} name={f} htmlFor={`visit-${f}`} label={fieldLabel(t, def, f)}>
                  {(field) => <Input.TextArea id={`visit-${f}`} rows={3} maxLength={def.fields[f].maxLength} value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
                </FormField>
              </Col>
            ))}
          </Row>
        </Card>
        <PrescriptionRows patientId={patientId} control={rows} />
        <Card size="small" style={{ marginTop: 16 }}>
          <Row gutter={16}>
            {ADVICE.map((a) => (
              <Col key={a.field} xs={24} md={8}>
                <FormField control={control} name={a.field} htmlFor={`visit-${a.field}`} label={fieldLabel(t, def, a.field)}>
                  {(f) => <CatalogSelect resource={a.resource} multiple id={`visit-${a.field}`} value={f.value} onChange={(v) => f.onChange(v)} />}
                </FormField>
              </Col>
            ))}
            <Col xs={24}>
              <FormField control={control} name="notes" htmlFor="visit-notes" label={fieldLabel(t, def, 'notes')}>
                {(f) => <Input.TextArea id="visit-notes" rows={2} maxLength={4000} value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />}
              </FormField>
              <FormField control={control} name="attachments" label={fieldLabel(t, def, 'attachments')}>
                {(f) => <AttachmentField field={def.fields.attachments} value={f.value} onChange={f.onChange} />}
              </FormField>
            </Col>
            <Col xs={12} md={6}>
              <FormField control={control} name="service_id" htmlFor="visit-service_id" label={fieldLabel(t, def, 'service_id')}>
                {(f) => <ServiceSelect id="visit-service_id" value={f.value} onChange={f.onChange} onBlur={f.onBlur} onPrice={(price) => setValue('fee', price, { shouldValidate: true })} doctorId={doctorId} />}
              </FormField>
              <FormField control={control} name="fee" htmlFor="visit-fee" label={fieldLabel(t, def, 'fee')} rules={{ validate: (v) => v === null || v === undefined || v >= 0 || t('validation.minimum', { limit: 0 }) }}>
                {(f) => <MoneyInput id="visit-fee" style={{ width: '100%' }} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
              </FormField>
            </Col>
            {takesPayments && (
              <Col xs={24} md={18}>
                <PaymentFields def={def} form={payments} chargeField="fee" paid={paid} idPrefix="visit" />
              </Col>
            )}
          </Row>
        </Card>
        {askOverride && (
          <Card size="small" style={{ marginTop: 16 }}>
            <FormField control={control} name="allergy_override" style={{ marginBottom: 8 }}>
              {(f) => (
                <Checkbox data-testid="allergy-override" checked={!!f.value} onChange={(e) => f.onChange(e.target.checked)}>
                  {t('clinic.prescribeAnyway', "Prescribe anyway: I know of the patient's allergy")}
                </Checkbox>
              )}
            </FormField>
            <FormField control={control} name="allergy_override_reason" htmlFor="visit-allergy_override_reason" label={fieldLabel(t, def, 'allergy_override_reason')} style={{ marginBottom: 0 }}>
              {(f) => <Input id="visit-allergy_override_reason" data-testid="allergy-override-reason" maxLength={500} value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
          </Card>
        )}
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={mutation.isPending} size="large" style={{ marginTop: 16 }} data-testid="visit-save">
          {t('clinic.saveVisit', 'Save visit')}
        </Button>
      </FormLayout>
    </form>
  );
}

/** Images and files of the visit (scans, lab results), as a form field's input. */
function AttachmentField({ field, value, onChange }: { field: FieldDef; value?: unknown; onChange?: (value: unknown) => void }) {
  return <AttachmentsInput name="attachments" field={field} value={value} onChange={(v) => onChange?.(v)} />;
}
