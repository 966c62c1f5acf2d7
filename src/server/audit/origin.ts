// Who is acting and from where, as the audit trail records it, taken from a request.
import type { FastifyRequest } from 'fastify';
import type { Session } from '../auth/sessions';
import type { Actor, Origin } from './events';
import { offlineEntryOf } from '../offline/entry';

/** The session's user as the audit trail names them. */
export function actorOf(session: Session | null): Actor | null {
  if (!session) return null;
  const { user } = session;
  // Support staff act in the clinic as who they are: the platform's user, with their own role.
  if (user.support) return { scope: 'central', id: user.id, role: user.support.central_role, name: user.name };
  return { scope: session.scope, id: user.id, role: user.role, name: user.name };
}

/**
 * The request's address and browser (trimmed: a header is the caller's to fill), and for a change
 * a device queued offline its device time and device (refused with 422 when malformed).
 */
export function originOf(request: FastifyRequest): Origin {
  const agent = request.headers['user-agent'];
  const support = request.session?.user.support;
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null, onBehalfOf: support?.grant_id ?? null, offline: offlineEntryOf(request) };
}
