// The routes of the installable app and of working through a cut (issues 36 and 37).
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { registerDeviceRoutes } from './devices';
import { registerManifestRoute } from './manifest';
import { registerSyncRoutes } from './sync-routes';

export function registerOfflineRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  registerManifestRoute(app);
  registerSyncRoutes(app, db);
  registerDeviceRoutes(app);
}
