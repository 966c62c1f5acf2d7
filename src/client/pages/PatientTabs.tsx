// The patient area (patients/:id/...): tabs for visits, appointments and the nurse records. A tab
// whose records are declared in the registry (`within` the patient, or carrying patient_id) shows
// the generated list locked to this patient; a tab the caller may not read says so.
import { Suspense, lazy } from 'react';
import { Card, Result, Spin, Tabs } from 'antd';
import { useOne } from '@refinedev/core';
import { useLocation, useNavigate, useParams } from 'react-router';
import { resources } from '../../../resources';
import type { ResourceDef } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { callerOf, useSession } from '../providers/session';
import { resourceRule } from '../engine/nav';
import { allows } from '../engine/rules';
import { PatientSummary } from './clinic/PatientSummary';
import { VisitHistory } from './clinic/VisitHistory';
import { VitalsTrend } from './clinic/VitalsTrend';

const ListPage = lazy(() => import('../engine/ListPage').then((m) => ({ default: m.ListPage })));

export const PATIENT_TABS = [
  { path: 'visitings', key: 'visitings' },
  { path: 'appointments', key: 'appointments' },
  { path: 'nurses/vital-signs', key: 'vitalSigns' },
  { path: 'nurses/past-medical-histories', key: 'pastMedicalHistories' },
  { path: 'nurses/past-medications', key: 'pastMedications' },
  { path: 'nurses/common-diseases', key: 'commonDiseases' },
  // "Who opened this record": the audit trail of this patient (the Main Doctor's).
  { path: 'opened', key: 'clinicAudit' },
];

/** The registry resource shown in a tab, and the field linking it to the patient. */
export function tabResource(tabPath: string, tabKey: string): { def: ResourceDef; field: string } | null {
  const within = resources.find((r) => r.within?.resource === 'patients' && r.within.tab === tabPath);
  if (within?.within) return { def: within, field: within.within.field };
  const own = resources.find((r) => r.scope === 'tenant' && r.name === tabKey && 'patient_id' in r.fields);
  return own ? { def: own, field: 'patient_id' } : null;
}

export default function PatientTabs() {
  const t = useT();
  const { id } = useParams();
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const { result, query } = useOne({ resource: 'patients', id: id ?? '', queryOptions: { enabled: !!id }, errorNotification: false });
  const active = PATIENT_TABS.find((tab) => location.pathname.endsWith(`/${tab.path}`)) ?? PATIENT_TABS[0];
  const target = tabResource(active.path, active.key);
  const readable = target ? allows(callerOf(session), resourceRule(target.def, 'read')) : false;
  return (
    <Card>
      <PatientSummary patient={result} loading={query.isLoading} />
      <Tabs
        activeKey={active.path}
        onChange={(key) => navigate(`/patients/${id}/${key}`)}
        items={PATIENT_TABS.filter((tab) => tab.key !== 'clinicAudit' || allows(callerOf(session), { kind: 'mainDoctor' })).map((tab) => ({ key: tab.path, label: t(`nav.${tab.key}`, tab.key) }))}
      />
      {active.key === 'visitings' && readable && id ? (
        <VisitHistory patientId={Number(id)} patient={result} allowNew />
      ) : target && readable && id ? (
        <Suspense fallback={<Spin />}>
          {active.key === 'vitalSigns' && <VitalsTrend patientId={Number(id)} />}
          <ListPage key={`${target.def.name}-${id}`} def={target.def} locked={{ field: target.field, value: Number(id) }} title={t(`nav.${active.key}`, active.key)} />
        </Suspense>
      ) : (
        <Result status="403" title={t(`nav.${active.key}`, active.key)} subTitle={t('errors.forbidden', 'You do not have permission to do this')} data-testid="tab-forbidden" />
      )}
    </Card>
  );
}
