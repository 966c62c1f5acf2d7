// A doctor's page: details, the actions an operator needs (edit, change plan, renew, status,
// delete), and the doctor's invoices and plan history.
import { Alert, Tabs } from 'antd';
import { Show } from '../../engine/kit/views';
import { EditButton } from '../../engine/kit/buttons';
import { useNavigation, useShow } from '@refinedev/core';
import { useParams } from 'react-router';
import { CENTRAL_ROLE, ROLE_GROUPS } from '../../../shared/roles';
import { resourceByName } from '../../../../resources';
import { DeleteAction } from '../../engine/DeleteAction';
import { HeaderActions } from '../../engine/HeaderActions';
import { ListPage } from '../../engine/ListPage';
import { resourceTitle } from '../../../shared/labels';
import { useCanDo } from '../../engine/useCanDo';
import { useT } from '../../i18n/useT';
import { useSession } from '../../providers/session';
import { ChangePlanButton, RenewButton, StatusButtons } from './DoctorActions';
import { RestoreCopyButton, RestoreStatus } from './RestoreCopyButton';
import { DoctorDetails } from './DoctorDetails';
import { planHistoryExtras } from './PlanHistory';
import { invoiceExtras } from './InvoicePrint';
import { usePendingRequest } from './usePendingRequest';

const tenants = resourceByName('tenants');
const planHistories = resourceByName('planHistories');

export default function DoctorShow() {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const { role } = useSession();
  const { list } = useNavigation();
  const canEdit = useCanDo(tenants, 'update');
  const decider = (ROLE_GROUPS.OWNERS as readonly number[]).includes(role);
  const { query, result: record } = useShow({ resource: 'tenants', id });
  const { pending } = usePendingRequest(id);
  const status = Number(record?.status ?? 0);
  const ready = record?.id !== undefined && id !== undefined;

  const details = <DoctorDetails record={record} />;

  return (
    <Show
      // The doctor's name is read whole, whatever the buttons (styles.css: .full-title).
      wrapperProps={{ className: 'full-title' }}
      title={<span data-testid="doctor-title">{`${resourceTitle(t, tenants)}${record?.name ? ` — ${String(record.name)}` : ''}`}</span>}
      isLoading={query.isLoading}
      headerButtons={({ defaultButtons }) => (
        <HeaderActions label={t('common.actions', 'Actions')}>
          {defaultButtons}
          {ready && canEdit && <EditButton recordItemId={id} resource="tenants" disabled={pending} />}
          {ready && canEdit && <ChangePlanButton id={id} currentPlan={record?.plan_id} disabled={pending} />}
          {ready && decider && <RenewButton id={id} disabled={pending} />}
          {ready && decider && <StatusButtons id={id} status={status} disabled={pending} />}
          {ready && role === CENTRAL_ROLE.owner && <RestoreCopyButton id={id} />}
          {ready && !pending && <DeleteAction def={tenants} id={id} withText onDeleted={() => list('tenants')} />}
        </HeaderActions>
      )}
    >
      {ready && role === CENTRAL_ROLE.owner && <RestoreStatus id={id} />}
      {pending && <Alert type="warning" showIcon role="alert" data-testid="pending-request" message={t('requests.pendingLock', "You can't edit this doctor until the request is completed!")} style={{ marginBottom: 16 }} />}
      <Tabs
        items={[
          { key: 'details', label: t('doctors.details', 'Details'), children: details },
          { key: 'invoices', label: t('resources.invoices.title', 'Invoices'), children: ready ? <ListPage def={resourceByName('invoices')} locked={{ field: 'tenant_id', value: Number(id) }} extras={invoiceExtras()} /> : null },
          {
            key: 'history',
            label: t('resources.planHistories.title', 'Plan history'),
            children: ready ? <ListPage def={planHistories} locked={{ field: 'tenant_id', value: Number(id) }} extras={planHistoryExtras(t)} /> : null,
          },
        ]}
      />
    </Show>
  );
}
