// A staff member's permission matrix below their record, and everyone's profile.
import type { BaseRecord } from '@refinedev/core';
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({
  panels: { permissions: () => import('../../src/client/pages/clinic/PermissionMatrix').then((m) => ({ default: ({ record }: { record: BaseRecord }) => <m.PermissionMatrix userId={Number(record.id)} /> })) },
  screens: { profile: () => import('../../src/client/pages/profile/ProfilePage') },
});
