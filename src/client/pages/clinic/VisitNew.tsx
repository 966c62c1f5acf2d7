// visitings/:id/new (id = the appointment): the appointment's patient, then the visit form.
// After saving, the appointment is marked Done and the prescription can be printed.
import { useState } from 'react';
import { Alert, Button, Card, Result, Space } from 'antd';
import { HistoryOutlined } from '@ant-design/icons';
import { type BaseRecord, useInvalidate, useList, useOne } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { toast } from '../../providers/notify';
import { PatientSummary } from './PatientSummary';
import { PrescriptionPrint } from './PrescriptionPrint';
import { StatusTag } from './status';
import { usePrint } from './usePrint';
import { VisitForm } from './VisitForm';
import { PrintButton } from './PrintButton';
import { shortTime } from './lib/queue';

export default function VisitNew() {
  const t = useT();
  const { id } = useParams();
  const appointmentId = Number(id);
  const { result: appointment, query: aq } = useOne({ resource: 'appointments', id: id ?? '', queryOptions: { enabled: !!id } });
  const patientId = appointment?.patient_id as number | undefined;
  const { result: patient, query: pq } = useOne({ resource: 'patients', id: patientId ?? '', queryOptions: { enabled: patientId !== undefined } });
  const { result: existing } = useList({ resource: 'visitings', filters: [{ field: 'appointment_id', operator: 'eq', value: appointmentId }], pagination: { pageSize: 1 }, queryOptions: { enabled: !!id } });
  const invalidate = useInvalidate();
  const [saved, setSaved] = useState<BaseRecord | null>(null);
  const printer = usePrint();

  const onSaved = (visit: BaseRecord) => {
    setSaved(visit);
    toast('success', t('clinic.visitSaved', 'Visit saved'));
    // The server marks the appointment Done with the visit; refresh what shows it.
    void invalidate({ resource: 'appointments', invalidates: ['list', 'detail'], id: appointmentId });
  };
  const oldLink = (
    <Link to={`/visitings/${String(id)}/old`} data-testid="old-visits-link">
      <Button icon={<HistoryOutlined />}>{t('nav.visitingOld', 'Previous visits')}</Button>
    </Link>
  );

  return (
    <Card loading={aq.isLoading} title={t('nav.visitingNew', 'New visit')} extra={oldLink}>
      <PatientSummary
        patient={patient}
        loading={pq.isLoading || aq.isLoading}
        extra={appointment && <Space size={4} style={{ fontSize: 14, fontWeight: 400 }}><span dir="ltr">{String(appointment.date).slice(0, 10)} {shortTime(appointment.time)}</span><StatusTag status={appointment.status} /></Space>}
      />
      {saved ? (
        <Result
          status="success"
          title={t('clinic.visitSaved', 'Visit saved')}
          subTitle={t('clinic.appointmentDone', 'The appointment is marked as done.')}
          extra={[
            <PrintButton key="print" primary testId="print-visit" label={t('clinic.printPrescription', 'Print prescription')} onPrint={(lang) => void printer.print(saved, patient, lang)} />,
            <Link key="dash" to="/dashboard"><Button>{t('nav.dashboard', 'Dashboard')}</Button></Link>,
          ]}
        />
      ) : patientId !== undefined ? (
        <>
          {(existing.data?.length ?? 0) > 0 && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('clinic.visitExists', 'A visit is already recorded for this appointment.')} action={oldLink} />}
          <VisitForm patientId={patientId} appointmentId={appointmentId} onSaved={onSaved} />
        </>
      ) : null}
      <PrescriptionPrint model={printer.model} nonce={printer.nonce} />
    </Card>
  );
}
