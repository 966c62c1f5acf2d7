// The address an <img> or link can use for a stored file. Public files are read straight from
// their URL; private ones are fetched with the bearer token and shown through an object URL,
// released when the component no longer needs it. A fetched file also tells its type and name
// (so a list of files can show images as thumbnails and documents by name).
import { useEffect, useState } from 'react';
import type { FileAnswer } from '../providers/http';
import { fileUrl } from './upload';
import { useAsk } from './useAction';

export interface FileSrc {
  src: string | null;
  failed: boolean;
  /** The file's type and name, once fetched (private files only). */
  mime?: string;
  name?: string;
}

export function useFileSrc(value: unknown, isPublic: boolean): FileSrc {
  const url = fileUrl(value);
  const [state, setState] = useState<FileSrc & { url: string | null }>({ url: null, src: null, failed: false });
  const ask = useAsk();
  useEffect(() => {
    if (!url || isPublic) return;
    let objectUrl: string | null = null;
    let cancelled = false;
    // Quiet: a file that cannot be read shows as failed where it would be, with no toast.
    ask<FileAnswer>(url, { file: true, quiet: true, accept: '*/*' })
      .then(({ blob, name }) => {
        if (cancelled) return;
        objectUrl = URL.createObjectURL(blob);
        setState({ url, src: objectUrl, failed: false, mime: blob.type, name });
      })
      .catch(() => {
        if (!cancelled) setState({ url, src: null, failed: true });
      });
    return () => {
      cancelled = true;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [ask, url, isPublic]);
  if (!url) return { src: null, failed: false };
  if (isPublic) return { src: url, failed: false };
  return state.url === url ? { src: state.src, failed: state.failed, mime: state.mime, name: state.name } : { src: null, failed: false };
}
