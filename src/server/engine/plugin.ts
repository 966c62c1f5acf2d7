// The server part of an entity folder (resources/<entity>/server.ts): one plugin giving the hooks
// it attaches to resources and the routes it adds beside the generated ones. Features spanning
// entities (messages, payments, booking) are plugins too. resources/registry.server.ts lists them
// (written by `npm run resources`); buildApp composes them, so no hand-written map joins them.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { KeyRing } from '../crypto/keyring';
import type { Database } from '../db/schema';
import type { OutboxDeps } from '../messages/outbox';
import { type HookRegistry, composeHooks } from './hooks';

/** What the server gives its plugins when it starts. */
export interface PluginDeps {
  db: Kysely<Database>;
  keyring: KeyRing;
  /** Writing messages to patients (the outbox) with the changes that call for them. */
  outbox: OutboxDeps;
  clock: () => Date;
  /** The platform's public address (the links printed on sheets). */
  publicUrl: string;
}

export interface ServerPlugin {
  /**
   * Hooks by resource name, or made from the server's parts. Several plugins' hooks on one
   * resource all run, in the registry's order (folder name order: an entity's own rules first when
   * its folder sorts first, e.g. appointments before messages).
   */
  hooks?: HookRegistry | ((deps: PluginDeps) => HookRegistry);
  /** Adds the plugin's endpoints under /api/v1 (the request context is installed). */
  routes?(api: FastifyInstance, deps: PluginDeps): void | Promise<void>;
}

/** Types a plugin (its folder's `server.ts` exports it as default). */
export const definePlugin = (plugin: ServerPlugin): ServerPlugin => plugin;

/** The hooks of every plugin, by resource: one plugin's set as it is, several composed in order. */
export function pluginHooks(plugins: readonly ServerPlugin[], deps: PluginDeps): HookRegistry {
  const sets = new Map<string, HookRegistry[string][]>();
  for (const plugin of plugins) {
    const hooks = typeof plugin.hooks === 'function' ? plugin.hooks(deps) : (plugin.hooks ?? {});
    for (const [name, set] of Object.entries(hooks)) sets.set(name, [...(sets.get(name) ?? []), set]);
  }
  return Object.fromEntries([...sets].map(([name, list]) => [name, list.length === 1 ? list[0] : composeHooks(...list)]));
}

/** Adds every plugin's routes, in the registry's order. */
export async function registerPluginRoutes(api: FastifyInstance, plugins: readonly ServerPlugin[], deps: PluginDeps): Promise<void> {
  for (const plugin of plugins) await plugin.routes?.(api, deps);
}
