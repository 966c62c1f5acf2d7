// Editing a doctor: the generated form, with a warning up front when a request about the doctor
// is pending (the server refuses changes until it is decided; the form keeps what was typed).
import { Alert } from 'antd';
import { useParams } from 'react-router';
import { resourceByName } from '../../../../resources';
import { FormPage } from '../../engine/FormPage';
import { useT } from '../../i18n/useT';
import { usePendingRequest } from './usePendingRequest';

const tenants = resourceByName('tenants');

export default function DoctorEdit() {
  const t = useT();
  const { id } = useParams<{ id: string }>();
  const { pending } = usePendingRequest(id);
  return (
    <>
      {pending && (
        <Alert type="warning" showIcon role="alert" data-testid="pending-request" style={{ marginBottom: 16 }} message={t('requests.pendingLock', "You can't edit this doctor until the request is completed!")} />
      )}
      <FormPage def={tenants} mode="edit" />
    </>
  );
}
