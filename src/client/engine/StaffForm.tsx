// Staff create/edit in both applications (central `users`, clinic `tenantUsers`): the generated
// form, with the role select offering only the roles the signed-in person may give (the same
// shared answer the server enforces: src/shared/roles.ts assignableRoles).
import { resourceByName } from '../../../resources';
import { assignableRoles } from '../../shared/roles';
import { callerOf, useSession } from '../providers/session';
import { FormPage } from './FormPage';

type StaffResource = 'users' | 'tenantUsers';

function StaffForm({ resource, mode }: { resource: StaffResource; mode: 'create' | 'edit' }) {
  const roles = assignableRoles(callerOf(useSession()));
  return <FormPage def={resourceByName(resource)} mode={mode} enumOptions={{ role: roles }} />;
}

export const UserCreate = () => <StaffForm resource="users" mode="create" />;
export const UserEdit = () => <StaffForm resource="users" mode="edit" />;
export const StaffCreate = () => <StaffForm resource="tenantUsers" mode="create" />;
export const StaffEdit = () => <StaffForm resource="tenantUsers" mode="edit" />;
