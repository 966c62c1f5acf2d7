// Appointments on the server: the booking rules (no double booking, the encounter's payments), the
// day's and week's schedule with free slots, and repeating series.
import { definePlugin } from '../../src/server/engine/plugin';
import { appointmentHooks } from './hooks';
import { registerScheduleRoutes } from './schedule-routes';
import { registerSeriesRoutes } from './series-routes';

export default definePlugin({
  hooks: { appointments: appointmentHooks },
  routes(api) {
    registerScheduleRoutes(api);
    registerSeriesRoutes(api);
  },
});
