// The public landing pages (the platform's and each clinic's), readable without logging in.
import { definePlugin } from '../../src/server/engine/plugin';
import { registerLandingRoutes } from './routes';

export default definePlugin({ routes: (api, { db }) => registerLandingRoutes(api, db) });
