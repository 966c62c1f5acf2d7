// Recording a visit: findings, diagnosis, prescriptions, advice lists, notes and payment.
// POST /visitings with the patient and appointment (or PATCH when editing a saved visit);
// per-item errors land on their row.
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, Col, Form, Input, Row } from 'antd';
import { MoneyInput } from '../../engine/MoneyInput';
import { SaveOutlined } from '@ant-design/icons';
import { type BaseRecord, type HttpError, useOne } from '@refinedev/core';
import { useForm } from '@refinedev/antd';
import { useT } from '../../i18n/useT';
import { resourceByName } from '../../../../resources';
import { fieldLabel } from '../../../shared/labels';
import { errorsOf } from '../../engine/formErrors';
import { CatalogSelect } from './CatalogSelect';
import { AttachmentsInput } from '../../engine/AttachmentsInput';
import type { FieldDef } from '../../../shared/resource';
import { PrescriptionRows } from './PrescriptionRows';
import { ADVICE, VISIT_TEXTS, type VisitValues as Values, visitBody, visitValues } from './lib/visitBody';
import { formErrorNotification } from '../../providers/notificationProvider';
import { useSession } from '../../providers/session';
import { TENANT_ROLE } from '../../../shared/roles';
import { ServiceSelect } from './ServiceSelect';
import { PaymentFields, useTakesPayments } from './PaymentFields';

const def = resourceByName('visitings');
const LISTS = ['prescriptions', ...ADVICE.map((a) => a.field)];
const TEXTS = VISIT_TEXTS;
// The fields this form shows; an error on any other (a plan limit, the appointment) goes to the alert.
const SHOWN: readonly string[] = [...TEXTS, 'notes', 'attachments', 'service_id', 'fee', 'payment', 'payment_method', 'allergy_override', 'allergy_override_reason'];

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
  // Refine's antd form: it saves, and puts the server's 422 on the fields it names, the rows'
  // too ("prescriptions.1.drug_id" on that row's drug). The advice lists' item errors go on the
  // list, and what names no field here (a plan limit, the appointment) on the alert.
  const { form, formProps, onFinish, mutation } = useForm<BaseRecord, HttpError, Record<string, unknown>>({
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
      if (errors.allergy_override) {
        setAskOverride(true);
        // Set once the checkbox exists (the next render).
        setTimeout(() => form.setFields([{ name: 'allergy_override', errors: errors.allergy_override }, { name: 'allergy_override_reason', errors: errors.allergy_override_reason ?? [] }]));
      }
      for (const a of ADVICE) {
        const msgs = Object.entries(errors).filter(([k]) => k.startsWith(`${a.field}.`)).flatMap(([, m]) => m);
        if (msgs.length) form.setFields([{ name: a.field, errors: msgs }]);
      }
      const rest = Object.entries(errors).filter(([k]) => !SHOWN.includes(k) && !LISTS.includes(k.split('.')[0])).flatMap(([, m]) => m);
      setGeneral(rest.length || Object.keys(errors).length ? rest : [err.message]);
    },
  });
  useEffect(() => {
    if (bookedAmount > 0 && !Number(form.getFieldValue('fee'))) form.setFieldValue('fee', bookedAmount);
  }, [bookedAmount, form]);
  const submit = (values: Values) => {
    setGeneral([]);
    // A failure is told by the form (onMutationError) and Refine's toast.
    return onFinish(visitBody(values, patientId, appointmentId)).catch(() => undefined);
  };
  return (
    <Form<Values> {...formProps} layout="vertical" onFinish={(v) => void submit(v as Values)} initialValues={visit ? visitValues(visit) : { fee: 0, prescriptions: [] }} data-testid="visit-form">
      {general.length > 0 && <Alert type="error" showIcon message={general.join(' ')} style={{ marginBottom: 16 }} />}
      <Card size="small" style={{ marginBottom: 16 }}>
        <Row gutter={16}>
          {TEXTS.map((f) => (
            <Col key={f} xs={24} md={12}>
              <Form.Item name={f} htmlFor={`visit-${f}`} label={fieldLabel(t, def, f)}>
                <Input.TextArea id={`visit-${f}`} rows={3} maxLength={def.fields[f].maxLength} />
              </Form.Item>
            </Col>
          ))}
        </Row>
      </Card>
      <PrescriptionRows patientId={patientId} />
      <Card size="small" style={{ marginTop: 16 }}>
        <Row gutter={16}>
          {ADVICE.map((a) => (
            <Col key={a.field} xs={24} md={8}>
              <Form.Item name={a.field} htmlFor={`visit-${a.field}`} label={fieldLabel(t, def, a.field)}>
                <CatalogSelect resource={a.resource} multiple id={`visit-${a.field}`} />
              </Form.Item>
            </Col>
          ))}
          <Col xs={24}>
            <Form.Item name="notes" htmlFor="visit-notes" label={fieldLabel(t, def, 'notes')}>
              <Input.TextArea id="visit-notes" rows={2} maxLength={4000} />
            </Form.Item>
            <Form.Item name="attachments" label={fieldLabel(t, def, 'attachments')}>
              <AttachmentField field={def.fields.attachments} />
            </Form.Item>
          </Col>
          <Col xs={12} md={6}>
            <Form.Item name="service_id" htmlFor="visit-service_id" label={fieldLabel(t, def, 'service_id')}>
              <ServiceSelect id="visit-service_id" form={form} amountField="fee" doctorId={doctorId} />
            </Form.Item>
            <Form.Item name="fee" htmlFor="visit-fee" label={fieldLabel(t, def, 'fee')} rules={[{ type: 'number', min: 0, message: t('validation.minimum', { limit: 0 }) }]}>
              <MoneyInput id="visit-fee" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {takesPayments && (
            <Col xs={24} md={18}>
              <PaymentFields def={def} form={form} chargeField="fee" paid={paid} idPrefix="visit" />
            </Col>
          )}
        </Row>
      </Card>
      {askOverride && (
        <Card size="small" style={{ marginTop: 16 }}>
          <Form.Item name="allergy_override" valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox data-testid="allergy-override">{t('clinic.prescribeAnyway', "Prescribe anyway: I know of the patient's allergy")}</Checkbox>
          </Form.Item>
          <Form.Item name="allergy_override_reason" htmlFor="visit-allergy_override_reason" label={fieldLabel(t, def, 'allergy_override_reason')} style={{ marginBottom: 0 }}>
            <Input id="visit-allergy_override_reason" data-testid="allergy-override-reason" maxLength={500} />
          </Form.Item>
        </Card>
      )}
      <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={mutation.isPending} size="large" style={{ marginTop: 16 }} data-testid="visit-save">
        {t('clinic.saveVisit', 'Save visit')}
      </Button>
    </Form>
  );
}

/** Images and files of the visit (scans, lab results), as an antd form control. */
function AttachmentField({ field, value, onChange }: { field: FieldDef; value?: unknown; onChange?: (value: unknown) => void }) {
  return <AttachmentsInput name="attachments" field={field} value={value} onChange={(v) => onChange?.(v)} />;
}
