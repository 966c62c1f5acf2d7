// Notifications of both applications: their messages rendered in the reader's language.
import { definePlugin } from '../../src/server/engine/plugin';
import { notificationHooks, registerNotificationRoutes } from '../../src/server/modules/notifications';

export default definePlugin({ hooks: { notifications: notificationHooks, clinicNotifications: notificationHooks }, routes: (api) => registerNotificationRoutes(api) });
