// The logged-in application, loaded on demand: Refine with our providers (react-query, access
// control, notifications), the layout and the generated routes of this host's application. The
// public screens (home, login, recovery, error screens) are rendered by App.tsx without it.
import { Suspense, lazy, useMemo } from 'react';
import { Refine } from '@refinedev/core';
import { DocumentTitleHandler } from '@refinedev/react-router';
import { Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Lang, i18nProvider } from './i18n';
import { useT } from './i18n/useT';
import { appScope } from './host';
import type { Scope } from '../shared/resource';
import { appRoutes, preloadHome } from './engine/routes';
import { refineResources } from './engine/refineResources';
import { Guard } from './engine/Guard';
import { AUTH } from './engine/rules';
import { AppLayout, loadPatientSearch } from './layout/AppLayout';
import { accessControlProvider } from './providers/accessControl';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { liveProvider } from './providers/liveProvider';
import { queryClient } from './providers/queryClient';
import { seedListsFromReadAhead } from './providers/seedLists';
import { callerOf, getSession } from './providers/session';
import { notificationProvider } from './providers/notificationProvider';
import { routerProvider } from './providers/routerProvider';
import { NotFound } from './pages/lazyScreens';
import { screenTitle } from './engine/documentTitle';
import { composeTitle, useSiteName } from './pageTitle';

// A list's first draw carries its rows when the read-ahead has them (issue 41).
seedListsFromReadAhead(queryClient);

/**
 * For the login's warmup (warmup.ts): the first screen's code (the dashboard and its cards) and the
 * header's search, loaded through this chunk. A dynamic import of them from the warmup's own
 * chunk made the bundler split the shared code anew (4 KiB more on the patients list's load).
 */
export function preloadFirstScreen(scope: Scope): Promise<unknown> {
  return Promise.all([preloadHome(scope), scope === 'tenant' ? loadPatientSearch() : undefined]);
}

// A clinic's shared PC locks after idle time (issue 36): not in a support session (no device key).
const IdleLock = lazy(() => import('./offline/IdleLock'));

export default function PrivateApp() {
  const { i18n } = useTranslation();
  const t = useT();
  const lang = (i18n.language as Lang) ?? 'ckb';
  const scope = appScope();
  const resources = useMemo(() => refineResources(scope, t), [scope, t]);
  const generated = useMemo(() => appRoutes(scope), [scope]);
  // A new provider object per language makes Refine's own components re-translate.
  const i18nForLang = useMemo(() => ({ ...i18nProvider, lang }), [lang]);
  const site = useSiteName();
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nForLang}
      notificationProvider={notificationProvider}
      liveProvider={liveProvider}
      routerProvider={routerProvider}
      resources={resources}
      options={{
        disableTelemetry: true,
        syncWithLocation: false,
        warnWhenUnsavedChanges: false,
        breadcrumb: false,
        reactQuery: { clientConfig: queryClient },
        // Lists and records refetch when the live stream says another user changed them.
        liveMode: 'auto',
        title: { text: t('app.title', 'Clinic Platform') },
      }}
    >
      {/* No antd App: no page uses its hooks (App.useApp), toasts have their own stack
          (layout/Toasts.tsx) and App.tsx's Root gives the base text style; it brought antd's
          notification machinery to every page. */}
      <Routes>
        <Route element={<Guard rule={AUTH}><AppLayout /></Guard>}>
          {generated}
          {/* An unknown address: the not-found screen with the menu and header around it. */}
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
      {scope === 'tenant' && !getSession().user?.support && (
        <Suspense fallback={null}>
          <IdleLock />
        </Suspense>
      )}
      {/* The tab says the screen; keyed so a new language or clinic name re-titles at once
          (Refine's handler itself only runs when the location changes). */}
      <DocumentTitleHandler key={`${lang}|${site}`} handler={({ pathname }) => composeTitle(screenTitle(scope, pathname ?? '', t, callerOf(getSession())), site)} />
    </Refine>
  );
}
