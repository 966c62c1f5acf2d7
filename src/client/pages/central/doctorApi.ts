// The doctor calls that are not plain CRUD: change plan, renew, status (actions for useAction).
// Each answer says the server's notice and whether the change became a request (an Admin's 202)
// instead of applying.
import type { ActionCall } from '../../engine/useAction';
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

/** The action, its success notice the server's (or `fallback`). */
function call(url: string, method: 'put' | 'post' | 'patch', values: unknown, fallback: string): ActionCall<unknown> {
  return { url, method, values, success: (body) => answerOf(body, fallback).message };
}

export const changePlan = (id: string | number, planId: number, fallback: string) => call(`${path(id)}/plan`, 'put', { plan_id: planId }, fallback);

export const renewSubscription = (id: string | number, fallback: string) => call(`${path(id)}/renew`, 'post', undefined, fallback);

export const setAccountStatus = (id: string | number, status: number, fallback: string) => call(path(id), 'patch', { status }, fallback);
