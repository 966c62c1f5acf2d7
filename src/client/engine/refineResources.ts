// Refine resources for the current application, from the registry (routes as the router has them).
import type { ResourceProps } from '@refinedev/core';
import { type Scope, resourceActions } from '../../shared/resource';
import { resourcesOf } from '../../../resources';
import { resourcePaths } from './nav';
import { type Translate, resourceTitle } from '../../shared/labels';

export function refineResources(scope: Scope, t: Translate): ResourceProps[] {
  return resourcesOf(scope).map((def) => {
    const actions = resourceActions(def);
    const paths = resourcePaths(def);
    return {
      name: def.name,
      list: `/${paths.list}`,
      show: `/${paths.show}`,
      ...(actions.includes('create') ? { create: `/${paths.create}` } : {}),
      ...(actions.includes('update') ? { edit: `/${paths.edit}` } : {}),
      meta: { label: resourceTitle(t, def), canDelete: actions.includes('delete') },
    };
  });
}
