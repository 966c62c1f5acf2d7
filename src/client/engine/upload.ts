// Uploads (POST /uploads, multipart field "file"): the request the file inputs send, and the
// address a stored file is read from. Public files (landing-page images) are served to anyone on
// the host; private ones need the bearer token (see useFileSrc.ts).
import type { FieldDef } from '../../shared/resource';
import { API_BASE, ApiError } from '../providers/http';
import type { ActionCall } from './useAction';

export interface UploadedFile {
  id: number;
  url: string;
  mime: string;
  size: number;
  name: string;
}

/** The API path and query of an upload for this field (`public=1` for public files). */
export function uploadTarget(field: Pick<FieldDef, 'publicFile'>): { path: string; query?: string } {
  return field.publicFile ? { path: '/uploads', query: 'public=1' } : { path: '/uploads' };
}

/**
 * One file's upload as an action (useAction: through the data provider's custom call, a FormData
 * body sent as it is). No progress is shown, so it needs no XHR of its own.
 */
export function uploadCall(file: File, field: Pick<FieldDef, 'publicFile'>): ActionCall<{ data: UploadedFile }> {
  const body = new FormData();
  body.append('file', file, file.name);
  const { path, query } = uploadTarget(field);
  return { url: query ? `${path}?${query}` : path, values: body };
}

/** Where a stored file is read: an id of the API's uploads, or a URL the server already gave. */
export function fileUrl(value: unknown): string | null {
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return `${API_BASE}/uploads/${value}`;
  if (typeof value === 'string' && /^\d+$/.test(value)) return `${API_BASE}/uploads/${value}`;
  if (typeof value === 'string' && value.startsWith(`${API_BASE}/uploads/`)) return value;
  return null;
}

export function isImageMime(mime: string | undefined): boolean {
  return !!mime && mime.startsWith('image/');
}

/** The message to show on the field for a failed upload (the server's 422 message when there is one). */
export function uploadError(err: unknown): string {
  if (err instanceof ApiError) return err.errors?.file?.[0] ?? err.message;
  return err instanceof Error ? err.message : String(err);
}
