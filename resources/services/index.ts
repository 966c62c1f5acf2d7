// Locations and links: the platform's own (central settings) and each clinic's (services). The
// two share API paths; the host decides which one answers.
import { type CentralAccess, defineResource } from '../../src/shared/resource';
import { defineMenuGroup } from '../../src/shared/menu';
import { ROLE_GROUPS } from '../../src/shared/roles';

const everyone: CentralAccess = { read: ROLE_GROUPS.ALL_CENTRAL, create: ROLE_GROUPS.ALL_CENTRAL, update: ROLE_GROUPS.ALL_CENTRAL, delete: ROLE_GROUPS.ALL_CENTRAL };

function locations(scope: 'central' | 'tenant') {
  return defineResource({
    name: scope === 'central' ? 'locations' : 'tenantLocations',
    path: 'locations',
    table: scope === 'central' ? 'locations' : 'tenant_locations',
    scope,
    ...(scope === 'central' ? { access: everyone, route: 'settings/locations' } : { permission: 'services', route: 'services/locations' }),
    titleField: 'name',
    defaultSort: 'name',
    menu: { order: scope === 'central' ? 90 : 85, parent: scope === 'central' ? 'settings' : 'services' },
    fields: {
      name: { type: 'string', required: true, maxLength: 160, searchable: true, list: true, sortable: true },
      address: { type: 'string', maxLength: 300, nullable: true, searchable: true, list: true },
      phone: { type: 'phone', nullable: true, list: true },
      map_url: { type: 'url', nullable: true },
      working_hours: { type: 'string', maxLength: 200, nullable: true, list: true },
    },
  });
}

function links(scope: 'central' | 'tenant') {
  return defineResource({
    name: scope === 'central' ? 'links' : 'tenantLinks',
    path: 'links',
    table: scope === 'central' ? 'links' : 'tenant_links',
    scope,
    ...(scope === 'central' ? { access: everyone, route: 'settings/links' } : { permission: 'services', route: 'services/links' }),
    titleField: 'title',
    defaultSort: 'title',
    menu: { order: scope === 'central' ? 91 : 86, parent: scope === 'central' ? 'settings' : 'services' },
    fields: {
      title: { type: 'string', required: true, maxLength: 160, searchable: true, list: true, sortable: true },
      url: { type: 'url', required: true, list: true },
      kind: { type: 'string', maxLength: 40, nullable: true, list: true, filterable: true },
    },
  });
}

export const centralLocations = locations('central');
export const centralLinks = links('central');
export const tenantLocations = locations('tenant');
export const tenantLinks = links('tenant');

/** The menu group of the clinic's locations and links. */
export const servicesMenu = defineMenuGroup({ key: 'services', scope: 'tenant', path: 'services', opens: 'locations', order: 80, icon: 'link', access: 'anyone' });
