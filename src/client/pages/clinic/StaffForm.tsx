// Staff create/edit: the generated form, with the role limited to Doctor, Secretary and Nurse.
import { resourceByName } from '../../../../resources';
import { FormPage } from '../../engine/FormPage';

const def = resourceByName('tenantUsers');
const ROLES = { role: [1, 2, 3] } as const;

export function StaffCreate() {
  return <FormPage def={def} mode="create" enumOptions={ROLES} />;
}

export default function StaffEdit() {
  return <FormPage def={def} mode="edit" enumOptions={ROLES} />;
}
