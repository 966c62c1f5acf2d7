// Editing a doctor: the generated form, unless a request about the doctor is pending. The server
// refuses every change until the request is decided (422), so then the page is read-only: it says
// why, shows the doctor's details, leads to the request and back, and offers no Save or Delete.
import { Alert, Button, Skeleton, Space } from 'antd';
import { Show } from '../../engine/kit/views';
import { useShow } from '@refinedev/core';
import { Link, useParams } from 'react-router';
import { resourceByName } from '../../../../resources';
import { FormPage } from '../../engine/FormPage';
import { resourceTitle } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { DoctorDetails } from './DoctorDetails';
import { requestLink } from './requestLabels';
import { usePendingRequest } from './usePendingRequest';

const tenants = resourceByName('tenants');

function LockedDoctor({ id, requestId }: { id: string; requestId?: number }) {
  const t = useT();
  const { query, result: record } = useShow({ resource: 'tenants', id });
  return (
    <Show
      title={`${resourceTitle(t, tenants)}${record?.name ? ` — ${String(record.name)}` : ''}`}
      isLoading={query.isLoading}
      headerButtons={() => (
        <Space wrap>
          {requestId !== undefined && (
            <Link to={requestLink(requestId)} data-testid="locked-open-request">
              <Button type="primary">{t('doctors.openRequest', 'Open the request')}</Button>
            </Link>
          )}
          <Link to={`/doctors/show/${id}`} data-testid="locked-back">
            <Button>{t('doctors.backToDoctor', 'Back to the doctor')}</Button>
          </Link>
        </Space>
      )}
    >
      <Alert
        type="warning"
        showIcon
        role="alert"
        data-testid="pending-request"
        style={{ marginBottom: 16 }}
        message={t('doctors.lockedTitle', 'This doctor cannot be edited now')}
        description={t('doctors.lockedHelp', "A request about this doctor is waiting for the owner's decision.")}
      />
      <DoctorDetails record={record} testId="locked-doctor" />
    </Show>
  );
}

export default function DoctorEdit() {
  const { id } = useParams<{ id: string }>();
  const { pending, loading, requestId } = usePendingRequest(id);
  // Not the form until it is known that it may be used: typing into a form that cannot save is lost work.
  if (loading || id === undefined) return <Skeleton active />;
  if (pending) return <LockedDoctor id={id} requestId={requestId} />;
  return <FormPage def={tenants} mode="edit" />;
}
