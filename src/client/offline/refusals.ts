// What a desk may write while the server does not answer (issue 37), decided in one place for
// every write the data provider sees: a create or change of a resource declared `offline` is kept
// in the outbox; everything else is refused with a message saying what needs the server: refunds,
// deletes and archives, settings, staff and permissions, exports and restores, passwords and
// two-step login, approving online booking requests, and any other action but those kept as plain
// writes (actions.ts: postponing). A resource added later
// by configuration is refused unless declared `offline`: nothing is queued that the outbox cannot
// send, and nothing is lost without the user being told.
import { resources } from '../../../resources';
import type { ResourceDef } from '../../shared/resource';
import { translate } from '../i18n';
import { ApiError } from '../providers/http';
import { offlineAction } from './actions';

export type RefusalKind = 'refund' | 'delete' | 'settings' | 'staff' | 'export' | 'password' | 'approve' | 'other';

export type OfflineWrite =
  | { resource: string; action: 'create' | 'update' | 'delete' }
  | { url: string; method: string };

/** Actions (the last part of a path) that say what they are whatever the resource. */
const ACTION_KINDS: readonly (readonly [RegExp, RefusalKind])[] = [
  [/\/refund$/, 'refund'],
  [/\/(restore|archive)$/, 'delete'],
  [/\/(password|mfa(\/[a-z-]+)?|mfa-reset|mfa-policy|logout-others|sessions\/\d+)$/, 'password'],
  [/\/(approve|accept|decline|reject)$/, 'approve'],
  [/^\/(permissions|staff)(\/|$)/, 'staff'],
  [/\/end-sessions$/, 'staff'],
  [/^\/(settings|list-views)(\/|$)/, 'settings'],
  [/^\/exports(\/|$)/, 'export'],
];

/** What a resource's writes are, from its declaration: where its menu sits, whose records it holds. */
function kindOfResource(def: ResourceDef): RefusalKind {
  if (def.name === 'exports') return 'export';
  if (def.name === 'tenantUsers' || def.name === 'users') return 'staff';
  if (def.name === 'bookingRequests' || def.name === 'doctorRequests') return 'approve';
  if (def.menu?.parent === 'settings') return 'settings';
  return 'other';
}

function resourceOfPath(path: string): ResourceDef | undefined {
  return resources.find((r) => path === `/${r.path}` || path.startsWith(`/${r.path}/`));
}

/** null: the write is kept in the outbox; otherwise why it is refused while offline. */
export function offlineRefusal(write: OfflineWrite): RefusalKind | null {
  if ('resource' in write) {
    if (write.action === 'delete') return 'delete';
    const def = resources.find((r) => r.name === write.resource);
    if (def?.offline) return null;
    return def ? kindOfResource(def) : 'other';
  }
  if (write.method.toUpperCase() === 'GET') return null;
  const path = write.url.split('?')[0];
  // Kept as the plain writes it is made of (actions.ts: postponing).
  if (offlineAction(path, write.method)) return null;
  for (const [pattern, kind] of ACTION_KINDS) if (pattern.test(path)) return kind;
  const def = resourceOfPath(path);
  return def ? kindOfResource(def) : 'other';
}

/** The refusal as the screens show it: a toast in the user's language, nothing saved. */
export function refusedOffline(kind: RefusalKind): ApiError {
  return new ApiError(translate(`offline.refused.${kind}`), 0);
}

/** A write sent whose answer never came: perhaps done, and done once if sent again (its key). */
export function unanswered(): ApiError {
  return new ApiError(translate('offline.unanswered'), 0);
}
