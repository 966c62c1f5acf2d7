// The doctor calls that are not plain CRUD: change plan, renew, status. Each resolves to the
// server's notice and whether the change became a request (an Admin's 202) instead of applying.
import { api } from '../../providers/http';
import { isPendingAnswer } from '../../providers/pending';

export interface ActionAnswer {
  message: string;
  /** An Admin's change: a request was submitted; nothing changed yet. */
  pending: boolean;
}

export function answerOf(body: unknown, fallback: string): ActionAnswer {
  if (isPendingAnswer(body)) return { message: body.message, pending: true };
  const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : '';
  return { message: message || fallback, pending: false };
}

const path = (id: string | number) => `/tenants/${encodeURIComponent(String(id))}`;

export async function changePlan(id: string | number, planId: number, fallback: string): Promise<ActionAnswer> {
  return answerOf(await api(`${path(id)}/plan`, { method: 'PUT', body: { plan_id: planId } }), fallback);
}

export async function renewSubscription(id: string | number, fallback: string): Promise<ActionAnswer> {
  return answerOf(await api(`${path(id)}/renew`, { method: 'POST' }), fallback);
}

export async function setAccountStatus(id: string | number, status: number, fallback: string): Promise<ActionAnswer> {
  return answerOf(await api(path(id), { method: 'PATCH', body: { status } }), fallback);
}
