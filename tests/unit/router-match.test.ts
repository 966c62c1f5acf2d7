// The address is matched against the resources' routes once per address (providers/routerProvider.ts),
// with exactly the answer Refine's own matching gives, for every route of both applications.
import { matchResourceFromRoute } from '@refinedev/core';
import { describe, expect, it } from 'vitest';
import { routesOf } from '../../src/client/engine/nav';
import { refineResources } from '../../src/client/engine/refineResources';
import { matchOnce } from '../../src/client/providers/routerProvider';

describe.each(['central', 'tenant'] as const)('%s routes', (scope) => {
  const resources = refineResources(scope, (key) => key);
  const paths = [...routesOf(scope).map((r) => `/${r.path.replace(':id', '7')}`), '/', '/no-such-page', '/patients/7/extra'];

  it.each(paths)('%s matches as Refine matches it', (path) => {
    expect(matchOnce(path, resources)).toEqual(matchResourceFromRoute(path, resources));
  });

  it('matches an address once for a list of resources, again for a new list (another language)', () => {
    const first = matchOnce('/patients', resources);
    expect(matchOnce('/patients', resources)).toBe(first);
    const other = refineResources(scope, (key) => `${key}!`);
    expect(matchOnce('/patients', other)).not.toBe(first);
  });
});
