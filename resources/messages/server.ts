// Messages to patients, a feature spanning entities: written into the outbox with a booking's and
// a patient's changes, templates per language, and the outbox's own calls (send by hand, again).
import { definePlugin } from '../../src/server/engine/plugin';
import { bookingMessageHooks, patientMessageHooks } from '../../src/server/messages/outbox';
import { registerMessageRoutes } from '../../src/server/messages/routes';
import { messageTemplateHooks } from '../../src/server/messages/templates';

export default definePlugin({
  // After the appointments' own rules (folder order): a refused booking writes no message.
  hooks: ({ outbox }) => ({ appointments: bookingMessageHooks(outbox), patients: patientMessageHooks, messageTemplates: messageTemplateHooks }),
  routes: (api, { db, keyring, clock }) => registerMessageRoutes(api, db, keyring, clock),
});
