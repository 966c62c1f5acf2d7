// Who is acting and from where, as the audit trail records it, taken from a request.
import type { FastifyRequest } from 'fastify';
import type { Session } from '../auth/sessions';
import type { Actor, Origin } from './events';

/** The session's user as the audit trail names them. */
export function actorOf(session: Session | null): Actor | null {
  if (!session) return null;
  return { scope: session.scope, id: session.user.id, role: session.user.role, name: session.user.name };
}

/** The request's address and browser (trimmed: a header is the caller's to fill). */
export function originOf(request: FastifyRequest): Origin {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent.slice(0, 300) : null, onBehalfOf: null };
}
