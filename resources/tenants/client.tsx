// Doctors (clinics) on the central application, and a clinic's own settings screens.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({
  pages: {
    tenants: {
      list: () => import('../../src/client/pages/central/DoctorList'),
      show: () => import('../../src/client/pages/central/DoctorShow'),
      edit: () => import('../../src/client/pages/central/DoctorEdit'),
    },
  },
  screens: {
    clinicUsages: () => import('../../src/client/pages/clinic/SettingsUsages'),
    clinicPlanHistories: () => import('../../src/client/pages/clinic/SettingsPlanHistories'),
    clinicInvoices: () => import('../../src/client/pages/clinic/SettingsInvoices'),
  },
});
