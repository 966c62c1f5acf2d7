// The settings menu groups of both applications: a feature folder holding no entity of its own.
// Their entries are resources declaring `menu.parent: 'settings'` and the screens of screens.ts.
import { defineMenuGroup } from '../../src/shared/menu';

export const centralSettingsMenu = defineMenuGroup({ key: 'settings', scope: 'central', path: 'settings', opens: 'locations', order: 80, icon: 'setting', access: { centralScreen: 'settings' } });
export const clinicSettingsMenu = defineMenuGroup({ key: 'settings', scope: 'tenant', path: 'settings', opens: 'profile', order: 100, icon: 'setting', access: 'anyone' });
