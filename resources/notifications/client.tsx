// The central application's notifications page.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({ screens: { notifications: () => import('../../src/client/pages/central/NotificationsPage') } });
