// The routes of the installable app and of working through a cut (issues 36 and 37).
import type { FastifyInstance } from 'fastify';
import { registerManifestRoute } from './manifest';
import { registerSyncRoutes } from './sync-routes';

export function registerOfflineRoutes(app: FastifyInstance): void {
  registerManifestRoute(app);
  registerSyncRoutes(app);
}
