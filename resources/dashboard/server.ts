// A feature folder with no declaration: what the clinic app loads at start (services, agreements),
// the accounting result by month and the dashboard figures.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerClinicDataRoutes } from './clinic-data';

export default definePlugin({ routes: (api) => registerClinicDataRoutes(api) });
