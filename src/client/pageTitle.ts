// The browser tab's title: "<screen> · <clinic or platform name>" in the user's language, so a
// clinic with ten tabs open (patients, a visit, the accounts) tells them apart. The logged-in
// pages are titled by Refine's DocumentTitleHandler (PrivateApp, engine/documentTitle.ts); the
// public screens, outside Refine, by usePublicTitle here. Kept small: the login page loads it.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../shared/labels';
import { appScope } from './host';
import { useT } from './i18n/useT';
import { useLanding } from './providers/landing';
import { type Session, useSession } from './providers/session';

const SEPARATOR = ' · ';

/** The clinic's name on its subdomain (the session's, else its public page's), else the platform's. */
export function siteName(t: Translate, session: Session, clinicTitle?: unknown): string {
  if (appScope() === 'central') return t('app.title', 'Clinic Platform');
  const fromSession = session.user?.tenant?.name;
  if (fromSession) return fromSession;
  if (typeof clinicTitle === 'string' && clinicTitle) return clinicTitle;
  return t('app.clinic', 'Clinic');
}

export function composeTitle(screen: string | null | undefined, site: string): string {
  return screen ? `${screen}${SEPARATOR}${site}` : site;
}

/** The site's name as the current user should see it (re-rendered when the language changes). */
export function useSiteName(): string {
  const t = useT();
  const { i18n } = useTranslation();
  const session = useSession();
  const landing = useLanding();
  const lang = i18n.language ?? 'ckb';
  return siteName(t, session, landing.clinic?.landing_page?.[`title_${lang}`]);
}

/**
 * Titles a public screen (login, recovery, error screens); null for the site's name alone.
 * `enabled` false: a screen the signed-in layout titles (Refine's handler), left alone.
 */
export function usePublicTitle(screen: string | null, enabled = true): void {
  const site = useSiteName();
  useEffect(() => {
    if (enabled) document.title = composeTitle(screen, site);
  }, [screen, site, enabled]);
}
