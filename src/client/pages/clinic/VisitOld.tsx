// visitings/:id/old (id = the appointment): that patient's earlier visits.
import { Button, Card } from 'antd';
import { useOne } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { useT } from '../../i18n/useT';
import { PatientSummary } from './PatientSummary';
import { VisitHistory } from './VisitHistory';
import { useMayWork } from './status';

export default function VisitOld() {
  const t = useT();
  const { id } = useParams();
  const { result: appointment, query: aq } = useOne({ resource: 'appointments', id: id ?? '', queryOptions: { enabled: !!id } });
  const patientId = appointment?.patient_id as number | undefined;
  const { result: patient, query: pq } = useOne({ resource: 'patients', id: patientId ?? '', queryOptions: { enabled: patientId !== undefined } });
  const mayVisit = useMayWork('visitings', 'create');
  return (
    <Card
      loading={aq.isLoading}
      title={t('nav.visitingOld', 'Previous visits')}
      extra={mayVisit && <Link to={`/visitings/${String(id)}/new`}><Button type="primary">{t('nav.visitingNew', 'New visit')}</Button></Link>}
    >
      <PatientSummary patient={patient} loading={pq.isLoading || aq.isLoading} />
      {patientId !== undefined && <VisitHistory patientId={patientId} patient={patient} />}
    </Card>
  );
}
