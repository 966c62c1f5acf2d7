// A patient's safety header in one call (allergies, alerts, medications, latest vital signs).
import { definePlugin } from '../../src/server/engine/plugin';
import { registerSafetyRoutes } from './routes';

export default definePlugin({ routes: (api) => registerSafetyRoutes(api) });
