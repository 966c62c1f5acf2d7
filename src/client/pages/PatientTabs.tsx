// The patient area (patients/:id/...): the patient's header above the engine's tabs (ChildTabs).
// The nurse records' tabs come from their declarations (`within` the patient); this page adds its
// own around them: the visit history, the appointments, the patient's files and, for the Main
// Doctor, who opened the record; the vitals trend above the vital signs' list and the lab results'
// trend above theirs.
import { Card } from 'antd';
import { useOne } from '@refinedev/core';
import { useParams } from 'react-router';
import { resourceByName } from '../../../resources';
import { useT } from '../i18n/useT';
import { callerOf, useSession } from '../providers/session';
import { resourceRule } from '../engine/nav';
import { allows } from '../engine/rules';
import { ChildTabs, type ExtraTab, ForbiddenTab, LockedList } from '../engine/ChildTabs';
import { PatientSummary } from './clinic/PatientSummary';
import { VisitHistory } from './clinic/VisitHistory';
import { VitalsTrend } from './clinic/VitalsTrend';
import { LabTrend } from './clinic/LabTrend';
import { PatientBalance } from './clinic/PatientBalance';
import { PatientFiles } from './clinic/PatientFiles';

const patients = resourceByName('patients');
const visitings = resourceByName('visitings');
const appointments = resourceByName('appointments');
// "Who opened this record": the audit trail of this patient (the Main Doctor's).
const clinicAudit = resourceByName('clinicAudit');

export default function PatientTabs() {
  const t = useT();
  const { id = '' } = useParams();
  const caller = callerOf(useSession());
  const { result, query } = useOne({ resource: 'patients', id, queryOptions: { enabled: !!id } });
  const visitsLabel = t('nav.visitings', 'visitings');
  const before: ExtraTab[] = [
    {
      path: 'visitings',
      label: visitsLabel,
      readable: allows(caller, resourceRule(visitings, 'read')),
      content: allows(caller, resourceRule(visitings, 'read')) ? <VisitHistory patientId={Number(id)} patient={result} allowNew /> : <ForbiddenTab title={visitsLabel} />,
    },
    {
      path: 'appointments',
      label: t('nav.appointments', 'appointments'),
      readable: allows(caller, resourceRule(appointments, 'read')),
      content: <LockedList def={appointments} field="patient_id" parentId={id} title={t('nav.appointments', 'appointments')} />,
    },
  ];
  // The papers after the records (a nurse's chart opens on her first records' tab, not on them).
  const after: ExtraTab[] = [
    { path: 'files', label: t('nav.patientFiles', 'Files'), content: <PatientFiles patient={result} visitsReadable={allows(caller, resourceRule(visitings, 'read'))} /> },
    ...(allows(caller, { kind: 'mainDoctor' })
      ? [{ path: 'opened', label: t('nav.clinicAudit', 'clinicAudit'), content: <LockedList def={clinicAudit} field="patient_id" parentId={id} title={t('nav.clinicAudit', 'clinicAudit')} /> }]
      : []),
  ];
  return (
    <Card>
      <PatientSummary patient={result} loading={query.isLoading} answer={query.data} />
      {id && <ChildTabs parent={patients} parentId={id} before={before} after={after} above={{ vitalSigns: <VitalsTrend patientId={Number(id)} />, labResults: <LabTrend patientId={Number(id)} />, payments: <PatientBalance patientId={Number(id)} /> }} />}
    </Card>
  );
}
