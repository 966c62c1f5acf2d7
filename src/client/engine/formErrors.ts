// A failed save's 422 field errors, whatever shape the HTTP error carries them in.
export function errorsOf(err: unknown): Record<string, string[]> {
  const raw = err && typeof err === 'object' && 'errors' in err ? (err as { errors?: unknown }).errors : undefined;
  const out: Record<string, string[]> = {};
  if (!raw || typeof raw !== 'object') return out;
  for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
    out[k] = (Array.isArray(v) ? v : [v]).map((m) => (m && typeof m === 'object' && 'message' in m ? String((m as { message: unknown }).message) : String(m)));
  }
  return out;
}
