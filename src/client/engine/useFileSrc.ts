// The address an <img> or link can use for a stored file. Public files are read straight from
// their URL; private ones are fetched with the bearer token and shown through an object URL,
// released when the component no longer needs it. A fetched file also tells its type and name
// (so a list of files can show images as thumbnails and documents by name).
import { useEffect, useState } from 'react';
import { requestHeaders } from '../providers/http';
import { fileUrl } from './upload';

export interface FileSrc {
  src: string | null;
  failed: boolean;
  /** The file's type and name, once fetched (private files only). */
  mime?: string;
  name?: string;
}

/** The name in `Content-Disposition: inline; filename*=UTF-8''<name>` (or a plain filename="..."). */
export function dispositionName(header: string | null): string | undefined {
  if (!header) return undefined;
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(header)?.[1];
  if (encoded) {
    try {
      return decodeURIComponent(encoded);
    } catch {
      return undefined;
    }
  }
  return /filename="([^"]+)"/i.exec(header)?.[1];
}

export function useFileSrc(value: unknown, isPublic: boolean): FileSrc {
  const url = fileUrl(value);
  const [state, setState] = useState<FileSrc & { url: string | null }>({ url: null, src: null, failed: false });
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
        setState({ url, src: objectUrl, failed: false, mime: blob.type, name: dispositionName(res.headers.get('content-disposition')) });
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
  return state.url === url ? { src: state.src, failed: state.failed, mime: state.mime, name: state.name } : { src: null, failed: false };
}
