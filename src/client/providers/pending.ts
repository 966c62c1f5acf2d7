// An Admin's change to a doctor is not applied: the server answers 202 with
// `{ message, data: { id, kind, status: 'pending' } }` (a request the Owner decides). The data
// provider turns that answer into a PendingResult, which has no `id`, so nothing can mistake the
// request's id for the doctor's.

export interface PendingRequest {
  id: number;
  kind: string;
  status: 'pending';
}

export interface PendingResult {
  pendingRequest: PendingRequest;
  /** The server's notice, in the caller's language ("…wait for the owner's approval"). */
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether a response body is the 202 "request submitted" answer. */
export function isPendingAnswer(body: unknown): body is { message: string; data: PendingRequest } {
  if (!isRecord(body) || typeof body.message !== 'string' || !isRecord(body.data)) return false;
  const { id, kind, status } = body.data;
  return status === 'pending' && typeof kind === 'string' && (typeof id === 'number' || typeof id === 'string');
}

export function toPendingResult(body: { message: string; data: PendingRequest }): PendingResult {
  return { pendingRequest: { id: Number(body.data.id), kind: body.data.kind, status: 'pending' }, message: body.message };
}

/** The PendingResult inside a mutation's data, or null for an applied change. */
export function pendingOf(data: unknown): PendingResult | null {
  if (!isRecord(data) || !isRecord(data.pendingRequest) || typeof data.message !== 'string') return null;
  return data as unknown as PendingResult;
}
