// The address an <img> or link can use for a stored file. Public files are read straight from
// their URL; private ones are fetched with the bearer token and shown through an object URL,
// released when the component no longer needs it.
import { useEffect, useState } from 'react';
import { requestHeaders } from '../providers/http';
import { fileUrl } from './upload';

export function useFileSrc(value: unknown, isPublic: boolean): { src: string | null; failed: boolean } {
  const url = fileUrl(value);
  const [state, setState] = useState<{ url: string | null; src: string | null; failed: boolean }>({ url: null, src: null, failed: false });
  useEffect(() => {
    if (!url || isPublic) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    fetch(url, { headers: requestHeaders({ Accept: '*/*' }) })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        const blob = await res.blob();
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, failed: false });
      })
      .catch(() => {
        if (!cancelled) setState({ url, src: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url, isPublic]);
  if (!url) return { src: null, failed: false };
  if (isPublic) return { src: url, failed: false };
  return state.url === url ? { src: state.src, failed: state.failed } : { src: null, failed: false };
}
