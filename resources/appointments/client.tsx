// The appointments' own pages: the day's list with the calendar, and the booking form with free slots.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({
  pages: {
    appointments: {
      list: () => import('../../src/client/pages/clinic/AppointmentsList'),
      create: () => import('../../src/client/pages/clinic/AppointmentForm').then((m) => ({ default: m.AppointmentCreate })),
      edit: () => import('../../src/client/pages/clinic/AppointmentForm'),
    },
  },
});
