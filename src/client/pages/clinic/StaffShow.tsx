// A staff member's page: the generated details, then the permission matrix (not for the Main
// Doctor, who has every permission).
import { useOne } from '@refinedev/core';
import { useParams } from 'react-router';
import { resourceByName } from '../../../../resources';
import { ShowPage } from '../../engine/ShowPage';
import { TENANT_ROLE } from '../../../shared/roles';
import { PermissionMatrix } from './PermissionMatrix';

const def = resourceByName('tenantUsers');

export default function StaffShow() {
  const { id } = useParams();
  const { result } = useOne({ resource: 'tenantUsers', id: id ?? '', queryOptions: { enabled: !!id } });
  return (
    <>
      <ShowPage def={def} />
      {result && Number(result.role) !== TENANT_ROLE.mainDoctor && <PermissionMatrix userId={Number(id)} />}
    </>
  );
}
