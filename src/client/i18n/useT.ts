import { useCallback, useSyncExternalStore } from 'react';
import { i18n, translate } from './index';
import type { Translate } from '../../shared/labels';

// The components drawing translated text (every list cell among them) follow the language through
// one listener of i18next's, not react-i18next's useTranslation each: its per-component context
// read, readiness checks and event bindings were a good part of a list's first draw on a phone
// (issue 41). The texts are loaded before the first draw (main.tsx) and before a language change
// is announced, so the language is all a component needs to follow.
const listeners = new Set<() => void>();
i18n.on('languageChanged', () => {
  for (const listener of listeners) listener();
});
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const language = () => i18n.language;

/** The provider's translate, re-created when the language changes so components re-render. */
export function useT(): Translate {
  const lang = useSyncExternalStore(subscribe, language, language);
  return useCallback<Translate>((key, options, defaultMessage) => {
    void lang;
    return translate(key, options, defaultMessage);
  }, [lang]);
}
