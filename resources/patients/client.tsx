// The patient's chart: visits, appointments and the audit beside the nurse records' tabs.
import { defineClientPart } from '../../src/client/engine/clientPart';

// One loader for the screens' and the declared tabs' routes: switching tabs keeps the page.
const patientTabs = () => import('../../src/client/pages/PatientTabs');

export default defineClientPart({ pages: { patients: { tabs: patientTabs } }, screens: { patientTabs } });
