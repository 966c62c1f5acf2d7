// The clinic's devices that keep a working set for reading through an internet cut (issue 36):
// one row per device and user, written by the device's sync calls (X-Device-Id,
// src/server/offline/devices.ts). The Main Doctor sees them and revokes one: its next sync is
// refused (410), the device wipes everything it keeps and signs out, and the row says "wiped".
import { defineResource } from '../../src/shared/resource';
import { TENANT_ROLE } from '../../src/shared/roles';

export const DEVICE_STATUSES = ['active', 'revoked', 'wiped'] as const;

export default defineResource({
  name: 'devices',
  path: 'devices',
  table: 'devices',
  scope: 'tenant',
  route: 'settings/devices',
  mainDoctorOnly: true,
  actions: ['read'],
  titleField: 'label',
  defaultSort: '-last_sync_at',
  menu: { order: 111, parent: 'settings' },
  recordActions: [
    {
      key: 'revoke-device',
      post: 'revoke',
      icon: 'logout',
      label: 'devices.revoke',
      confirm: 'devices.revokeConfirm',
      done: 'devices.revoked',
      roles: [TENANT_ROLE.mainDoctor],
    },
  ],
  fields: {
    // "Chrome · Windows", from the browser's user agent at its last sync.
    label: { type: 'string', readOnly: true, maxLength: 120, list: true },
    user_id: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name' }, readOnly: true, list: true, filterable: true },
    status: { type: 'string', readOnly: true, choices: DEVICE_STATUSES, labels: 'resources.devices.statuses.{}', tones: { active: 'green', revoked: 'gold', wiped: 'default' }, list: true, filterable: true },
    last_sync_at: { type: 'datetime', readOnly: true, list: true, sortable: true },
    // The device's own id (a UUID it made), shown so two devices of the same browser can be told apart.
    device_id: { type: 'string', readOnly: true, maxLength: 36, list: true, dir: 'ltr' },
    first_sync_at: { type: 'datetime', readOnly: true },
    revoked_at: { type: 'datetime', readOnly: true, nullable: true, sortable: true },
    revoked_by: { type: 'relation', relation: { resource: 'tenantUsers', labelField: 'name' }, readOnly: true, nullable: true },
    // When the device heard of the revocation and wiped what it kept.
    wiped_at: { type: 'datetime', readOnly: true, nullable: true },
  },
});
