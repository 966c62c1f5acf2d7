// Appointments on the server: the booking rules (no double booking, the encounter's payments), the
// day's and week's schedule with free slots, and repeating series.
import { definePlugin } from '../../src/server/engine/plugin';
import { appointmentHooks } from '../../src/server/modules/appointments';
import { registerScheduleRoutes } from '../../src/server/modules/schedule-routes';
import { registerSeriesRoutes } from '../../src/server/modules/series-routes';

export default definePlugin({
  hooks: { appointments: appointmentHooks },
  routes(api) {
    registerScheduleRoutes(api);
    registerSeriesRoutes(api);
  },
});
