// Online booking, a feature spanning entities: the clinic's booking settings and the desk's
// answers to the requests patients send (accepting one books an appointment).
import { definePlugin } from '../../src/server/engine/plugin';
import { registerBookingRequestRoutes } from '../../src/server/booking/requests';
import { registerBookingSettingsRoutes } from '../../src/server/booking/settings';

export default definePlugin({
  routes(api, { db, clock }) {
    registerBookingSettingsRoutes(api);
    registerBookingRequestRoutes(api, db, clock);
  },
});
