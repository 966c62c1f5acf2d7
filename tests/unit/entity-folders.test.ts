// An entity is a folder (issue 38): its server part's hooks and routes, and its client part's pages
// and panels, are found through the generated registries, never through a hand-written map.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { menuGroups, resources } from '../../resources/index';
import { serverPlugins } from '../../resources/registry.server';
import { clientIndex } from '../../resources/registry.client';
import { RECORD_PANELS } from '../../src/shared/resource';
import { givenNames } from '../../src/client/engine/parts';
import { SCREENS } from '../../src/client/engine/screens';
import { declared } from '../../src/client/engine/nav';
import { type PluginDeps, definePlugin, pluginHooks } from '../../src/server/engine/plugin';
import type { HookContext, Input } from '../../src/server/engine/hooks';

describe('the client parts', () => {
  it('give every panel a declaration may name, and every page a screen names', () => {
    expect(givenNames.panels.sort()).toEqual([...RECORD_PANELS].sort());
    const named = SCREENS.flatMap((s) => (s.page ? [s.page] : []));
    expect(named.filter((page) => !givenNames.screens.includes(page))).toEqual([]);
  });

  it('are found where the generated index says (each entry a loader of its folder\'s part)', async () => {
    const entries = [...Object.values(clientIndex.pages), ...Object.values(clientIndex.screens), ...Object.values(clientIndex.panels), ...Object.values(clientIndex.dashboard)];
    for (const [folder, at] of entries) {
      const part = (await clientIndex.load[folder]()).default;
      const loader = at.split('.').reduce<unknown>((node, step) => (node as Record<string, unknown> | undefined)?.[step], part);
      expect(typeof loader, `${folder}: ${at}`).toBe('function');
    }
  });

  it('replace pages of declared resources only', () => {
    expect(givenNames.pages.filter((name) => !resources.some((r) => r.name === name))).toEqual([]);
  });

  it("put cards on the clinic's dashboard under clinic resources only (whose read permission shows them)", () => {
    expect(givenNames.dashboard).toContain('stockItems');
    expect(givenNames.dashboard.filter((name) => !resources.some((r) => r.name === name && r.scope === 'tenant'))).toEqual([]);
  });

  it('place screens in declared menu groups only', () => {
    const astray = SCREENS.filter((s) => s.menu?.parent && !menuGroups.some((g) => g.key === s.menu!.parent && g.scope === s.scope));
    expect(astray.map((s) => `${s.scope} ${s.key}`)).toEqual([]);
  });

  it('leave no screen at a declared resource\'s path (the resource has its own menu entry and pages)', () => {
    expect(SCREENS.filter((s) => declared(s.scope, s.path)).map((s) => `${s.scope} ${s.path}`)).toEqual([]);
  });
});

describe('the server plugins', () => {
  const deps = {} as PluginDeps;
  const ctx = {} as HookContext;

  it('hook declared resources only', () => {
    const hooked = Object.keys(pluginHooks(serverPlugins, deps));
    expect(hooked.filter((name) => !resources.some((r) => r.name === name))).toEqual([]);
    // The booking's messages follow the appointments' own rules (two folders, one resource).
    expect(hooked).toEqual(expect.arrayContaining(['appointments', 'patients', 'labOrders', 'payments', 'incomes']));
  });

  it.each([
    ['one plugin: its set as it is', 1, ['a']],
    ['two plugins: both, in registry order', 2, ['a', 'b']],
    ['three plugins: all, in registry order', 3, ['a', 'b', 'c']],
  ])('compose the hooks of a resource: %s', async (_name, count, expected) => {
    const ran: string[] = [];
    const plugins = ['a', 'b', 'c'].slice(0, count).map((tag) => definePlugin({ hooks: () => ({ things: { beforeCreate: () => void ran.push(tag) } }) }));
    await pluginHooks(plugins, deps).things.beforeCreate!(ctx, {} as Input);
    expect(ran).toEqual(expected);
  });
});

describe('the declarations', () => {
  // index.ts is loaded by the browser too: the folder's server code beside it (hooks, routes) must
  // never be pulled in through it.
  const folders = fs.readdirSync('resources', { withFileTypes: true }).filter((e) => e.isDirectory() && fs.existsSync(path.join('resources', e.name, 'index.ts')));
  it.each(folders.map((e) => e.name))('of %s import only shared code and other declarations', (folder) => {
    const text = fs.readFileSync(path.join('resources', folder, 'index.ts'), 'utf8');
    const targets = [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => path.relative('.', path.resolve('resources', folder, m[1])));
    const allowed = (t: string) => t.startsWith('src/shared/') || /^resources\/[^/]+$/.test(t) || /^resources\/[^/]+\/index$/.test(t);
    expect(targets.filter((t) => !allowed(t))).toEqual([]);
  });
});
