// A staff member's page: the generated details, "Sign out everywhere" for the Main Doctor, then
// the permission matrix (not for the Main Doctor, who has every permission).
import { useOne } from '@refinedev/core';
import { useParams } from 'react-router';
import { resourceByName } from '../../../../resources';
import { ShowPage } from '../../engine/ShowPage';
import { TENANT_ROLE } from '../../../shared/roles';
import { PermissionMatrix } from './PermissionMatrix';
import { getSession } from '../../providers/session';
import { EndSessionsButton } from '../profile/EndSessionsButton';
import { ResetMfaButton } from '../mfa/ResetMfaButton';

const def = resourceByName('tenantUsers');

export default function StaffShow() {
  const { id } = useParams();
  const { result } = useOne({ resource: 'tenantUsers', id: id ?? '', queryOptions: { enabled: !!id } });
  // Not in a support session: the platform's staff never act on the clinic's staff.
  const mainDoctor = getSession().user?.role === TENANT_ROLE.mainDoctor && !getSession().user?.support;
  return (
    <>
      <ShowPage def={def} />
      {mainDoctor && id && <EndSessionsButton path="tenantUsers" userId={Number(id)} />}
      {mainDoctor && id && Number(id) !== getSession().user?.id && <ResetMfaButton path="tenantUsers" userId={Number(id)} />}
      {result && Number(result.role) !== TENANT_ROLE.mainDoctor && <PermissionMatrix userId={Number(id)} />}
    </>
  );
}
