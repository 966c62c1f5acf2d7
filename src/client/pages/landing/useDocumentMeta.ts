// The page's <title> and meta description follow the language (lang and dir are set by i18n).
import { useEffect } from 'react';

export function useDocumentMeta(title: string, description: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.appendChild(meta);
    }
    meta.content = description;
    return () => {
      document.title = previous;
    };
  }, [title, description]);
}
