// visitings/:id/new (id = the appointment): the appointment's patient, then the visit form.
// After saving, the appointment is marked Done, the prescription can be printed, and the doctor
// goes on to the next waiting patient of the day.
import { useState } from 'react';
import { Alert, Button, Card, Result, Space } from 'antd';
import { HistoryOutlined, StepForwardOutlined } from '@ant-design/icons';
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
import { type QueueItem, nextWaiting, shortTime } from './lib/queue';
import { labelsOf } from '../../providers/dataProvider';

// One page per appointment: going on to the next patient starts afresh.
export default function VisitNewPage() {
  const { id } = useParams();
  return <VisitNew key={id} id={id} />;
}

function VisitNew({ id }: { id: string | undefined }) {
  const t = useT();
  const appointmentId = Number(id);
  const { result: appointment, query: aq } = useOne({ resource: 'appointments', id: id ?? '', queryOptions: { enabled: !!id } });
  const patientId = appointment?.patient_id as number | undefined;
  const { result: patient, query: pq } = useOne({ resource: 'patients', id: patientId ?? '', queryOptions: { enabled: patientId !== undefined } });
  const { result: existing } = useList({ resource: 'visitings', filters: [{ field: 'appointment_id', operator: 'eq', value: appointmentId }], pagination: { pageSize: 1 }, queryOptions: { enabled: !!id } });
  const invalidate = useInvalidate();
  const [saved, setSaved] = useState<BaseRecord | null>(null);
  const printer = usePrint(`appointment:${String(id)}`);
  // The same doctor's patients waiting today, read once the visit is saved.
  const { result: waiting, query: wq } = useList<QueueItem & { patient_id: number; checked_in_at: string | null }>({
    resource: 'appointments',
    filters: [
      { field: 'date', operator: 'eq', value: String(appointment?.date ?? '').slice(0, 10) },
      { field: 'status', operator: 'eq', value: 1 },
      ...(appointment?.doctor_id ? [{ field: 'doctor_id', operator: 'eq' as const, value: appointment.doctor_id }] : []),
    ],
    sorters: [{ field: 'time', order: 'asc' }],
    pagination: { pageSize: 50 },
    queryOptions: { enabled: !!saved && !!appointment },
  });
  const next = saved ? nextWaiting(waiting.data ?? [], appointmentId) : undefined;
  const nextName = next ? labelsOf(wq.data).patient_id?.[String(next.patient_id)] : undefined;

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
            <PrintButton key="print" primary testId="print-visit" label={t('clinic.printPrescription', 'Print prescription')} loading={printer.preparingFor(saved)} disabled={printer.preparing && !printer.preparingFor(saved)} onPrint={(lang) => void printer.print(saved, patient, lang)} />,
            next && (
              <Link key="next" to={`/visitings/${String(next.id)}/new`} data-testid="next-patient">
                <Button icon={<StepForwardOutlined />}>{t('clinic.nextPatient', 'Next patient')}{nextName ? <>: <bdi>{nextName}</bdi></> : null}</Button>
              </Link>
            ),
            <Link key="dash" to="/dashboard"><Button>{t('nav.dashboard', 'Dashboard')}</Button></Link>,
          ]}
        />
      ) : patientId !== undefined ? (
        <>
          {(existing.data?.length ?? 0) > 0 && <Alert type="warning" showIcon style={{ marginBottom: 16 }} message={t('clinic.visitExists', 'A visit is already recorded for this appointment.')} action={oldLink} />}
          <VisitForm patientId={patientId} appointmentId={appointmentId} onSaved={onSaved} />
        </>
      ) : null}
      <PrescriptionPrint model={printer.model} nonce={printer.nonce} onOpened={printer.opened} />
    </Card>
  );
}
