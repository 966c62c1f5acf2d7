// The application: router, antd configuration (direction, locale, font), Refine with our
// providers, and the routes of this host's application (central or clinic).
import { Suspense, lazy, useEffect, useMemo } from 'react';
import { App as AntdApp, ConfigProvider, Spin } from 'antd';
import type { Locale } from 'antd/es/locale';
import arEG from 'antd/es/locale/ar_EG';
import enUS from 'antd/es/locale/en_US';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Lang, i18nProvider, isRtl } from './i18n';
import antdCkb from './i18n/antd-ckb';
import { useT } from './i18n/useT';
import { appScope } from './host';
import { appRoutes } from './engine/routes';
import { refineResources } from './engine/refineResources';
import { GuestOnly, Guard } from './engine/Guard';
import { AUTH } from './engine/rules';
import { LoadingBar } from './layout/LoadingBar';
import { accessControlProvider } from './providers/accessControl';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { registerNavigate } from './providers/navigation';
import { notificationProvider } from './providers/notificationProvider';
import { registerToastApi } from './providers/notify';
import { NotFound, NotRegistered, ServerError, Suspended } from './pages/ErrorScreen';

const Home = lazy(() => import('./pages/Home'));
const Login = lazy(() => import('./pages/Login'));
const ForgotUsername = lazy(() => import('./pages/Forgot').then((m) => ({ default: m.ForgotUsername })));
const ForgotOtp = lazy(() => import('./pages/Forgot').then((m) => ({ default: m.ForgotOtp })));
const ForgotReset = lazy(() => import('./pages/Forgot').then((m) => ({ default: m.ForgotReset })));
const AppLayout = lazy(() => import('./layout/AppLayout').then((m) => ({ default: m.AppLayout })));

const ANTD_LOCALES: Record<Lang, Locale> = { en: enUS, ar: arEG, ckb: antdCkb };
const FONT = "Vazirmatn, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";

function Bridges() {
  const navigate = useNavigate();
  const { message } = AntdApp.useApp();
  useEffect(() => {
    registerNavigate((to, opts) => void navigate(to, opts));
    registerToastApi(message);
    return () => {
      registerNavigate(null);
      registerToastApi(null);
    };
  }, [navigate, message]);
  return null;
}

const fallback = (
  <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
    <Spin />
  </div>
);

function AppRoutes({ tenantExists }: { tenantExists: boolean }) {
  const scope = appScope();
  const generated = useMemo(() => appRoutes(scope), [scope]);
  if (!tenantExists) {
    return (
      <Routes>
        <Route path="*" element={<NotRegistered />} />
      </Routes>
    );
  }
  return (
    <Suspense fallback={fallback}>
      <Routes>
        <Route index element={<Home />} />
        <Route path="login" element={<GuestOnly><Login /></GuestOnly>} />
        <Route path="forgot-username" element={<ForgotUsername />} />
        <Route path="forgot-otp" element={<ForgotOtp />} />
        <Route path="forgot-reset" element={<ForgotReset />} />
        <Route path="500" element={<ServerError />} />
        <Route path="417" element={<Suspended />} />
        <Route path="418" element={<NotRegistered />} />
        <Route element={<Guard rule={AUTH}><AppLayout /></Guard>}>{generated}</Route>
        <Route path="*" element={<NotFound />} />
      </Routes>
    </Suspense>
  );
}

export function App({ tenantExists }: { tenantExists: boolean }) {
  const { i18n } = useTranslation();
  const t = useT();
  const lang = (i18n.language as Lang) ?? 'ckb';
  const scope = appScope();
  const resources = useMemo(() => refineResources(scope, t), [scope, t]);
  // A new provider object per language makes Refine's own components re-translate.
  const i18nForLang = useMemo(() => ({ ...i18nProvider, lang }), [lang]);
  return (
    <BrowserRouter>
      <ConfigProvider
        direction={isRtl(lang) ? 'rtl' : 'ltr'}
        locale={ANTD_LOCALES[lang] ?? antdCkb}
        theme={{ token: { fontFamily: FONT, colorPrimary: '#0f766e' } }}
      >
        <AntdApp message={{ top: 16, duration: 3, maxCount: 5 }}>
          <LoadingBar />
          <Refine
            dataProvider={dataProvider}
            authProvider={authProvider}
            accessControlProvider={accessControlProvider}
            i18nProvider={i18nForLang}
            notificationProvider={notificationProvider}
            routerProvider={routerProvider}
            resources={resources}
            options={{
              disableTelemetry: true,
              syncWithLocation: false,
              warnWhenUnsavedChanges: false,
              breadcrumb: false,
              reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
              title: { text: t('app.title', 'Clinic Platform') },
            }}
          >
            <Bridges />
            <AppRoutes tenantExists={tenantExists} />
          </Refine>
        </AntdApp>
      </ConfigProvider>
    </BrowserRouter>
  );
}
