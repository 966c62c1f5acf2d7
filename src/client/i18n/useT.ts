import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from './index';
import type { Translate } from '../../shared/labels';

/** The provider's translate, re-created when the language changes so components re-render. */
export function useT(): Translate {
  const { i18n } = useTranslation();
  const lang = i18n.language;
  return useCallback<Translate>((key, options, defaultMessage) => {
    void lang;
    return translate(key, options, defaultMessage);
  }, [lang]);
}
