// The dashboards of both applications and the clinic's preview of its public page.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({
  screens: {
    dashboard: () => import('../../src/client/pages/Dashboard'),
    centralDashboard: () => import('../../src/client/pages/central/Dashboard'),
    clinicDashboard: () => import('../../src/client/pages/clinic/ClinicDashboard'),
    clinicPreview: () => import('../../src/client/pages/clinic/ClinicPreview'),
  },
});
