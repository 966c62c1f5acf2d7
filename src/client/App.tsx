// The application: router, antd configuration (direction, locale, font), the toast stack and
// loading bar, and the public screens. Every other path goes to AppGate, which loads the
// logged-in application (Refine, the layout, the generated pages) only when it is needed, so the
// public screens (home, login, recovery) load none of it.
import { type ReactNode, Suspense, lazy, useEffect, useRef, useSyncExternalStore } from 'react';
import { ConfigProvider, Spin, theme } from 'antd';
import { BrowserRouter, Route, Routes, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Lang, isRtl } from './i18n';
import { useAntdLocale } from './i18n/antdLocale';
import { GuestOnly } from './engine/GuestOnly';
import { appScope } from './host';
import { LoadingBar } from './layout/LoadingBar';
import { Failsafe, ScreenFailsafe } from './layout/Failsafe';
import { registerNavigate } from './providers/navigation';
import { clearSession } from './providers/session';
import { onToastsWanted, toastsWanted } from './providers/notify';
import { onShellState, shellHasNews } from './offline/shellState';
import { THEME } from './theme';

const Home = lazy(() => import('./pages/landing/Home'));
const Terms = lazy(() => import('./pages/landing/Terms'));
const PublicLaws = lazy(() => import('./pages/landing/Laws').then((m) => ({ default: m.PublicLaws })));
const PublicLaw = lazy(() => import('./pages/landing/Laws').then((m) => ({ default: m.PublicLaw })));
const BookingLink = lazy(() => import('./pages/landing/BookingLink'));
const BookOnline = lazy(() => import('./pages/landing/BookOnline'));
const VerifyDocument = lazy(() => import('./pages/landing/VerifyDocument'));
const Login = lazy(() => import('./pages/Login'));
const ForgotUsername = lazy(() => import('./pages/Forgot').then((m) => ({ default: m.ForgotUsername })));
const ForgotOtp = lazy(() => import('./pages/Forgot').then((m) => ({ default: m.ForgotOtp })));
const ForgotReset = lazy(() => import('./pages/Forgot').then((m) => ({ default: m.ForgotReset })));
const ServerError = lazy(() => import('./pages/ErrorScreen').then((m) => ({ default: m.ServerError })));
const Suspended = lazy(() => import('./pages/ErrorScreen').then((m) => ({ default: m.Suspended })));
const NotRegistered = lazy(() => import('./pages/ErrorScreen').then((m) => ({ default: m.NotRegistered })));
const AppGate = lazy(() => import('./AppGate'));
const SupportSession = lazy(() => import('./pages/support/SupportSession'));
const Toasts = lazy(() => import('./layout/Toasts'));
// The app's own news (offline since, a new version waiting): loaded when there is some, and
// fetched ahead once a clinic's device keeps its working set (offline/device.ts): fetched only
// when the link is cut, it could not arrive, and the whole page fell to the error screen.
const ShellBars = lazy(() => import('./offline/ShellBars'));


/**
 * The router for the HTTP layer, and the toast stack for code outside React once a toast is asked
 * for (layout/Toasts.tsx): antd's message hook rather than its App component, which would also
 * bring the modal and notification machinery.
 */
function Bridges() {
  const navigate = useNavigate();
  const toasts = useSyncExternalStore(onToastsWanted, toastsWanted);
  // The boolean, not the state: a count changing in the bars re-renders the bars, not the app.
  const shellNews = useSyncExternalStore(onShellState, shellHasNews);
  // Once loaded the bars stay (showing nothing when there is no news): an offer withdrawn goes
  // with the next screen (ShellBars), not at once under a click.
  const barsLoaded = useRef(false);
  barsLoaded.current ||= shellNews;
  useEffect(() => {
    registerNavigate((to, opts) => void navigate(to, opts));
    return () => registerNavigate(null);
  }, [navigate]);
  // Each in a boundary of its own: the bars loading as the link is cut must not hide (and so
  // detach) the toast stack that tells of the refused write, nor fail it with them.
  return (
    <>
      <Failsafe fallback={null}>
        <Suspense fallback={null}>{barsLoaded.current && <ShellBars />}</Suspense>
      </Failsafe>
      <Failsafe fallback={null}>
        <Suspense fallback={null}>{toasts && <Toasts />}</Suspense>
      </Failsafe>
    </>
  );
}

/** What antd's App component gives its content: the base text style and (with the theme's class) antd's link style. */
function Root({ children }: { children: ReactNode }) {
  const { token, hashId } = theme.useToken();
  return (
    <div className={hashId} style={{ color: token.colorText, fontFamily: token.fontFamily, fontSize: token.fontSize, lineHeight: token.lineHeight }}>
      {children}
    </div>
  );
}

const fallback = (
  <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }}>
    <Spin />
  </div>
);

/** /401: the session is over (SPEC: a 401 clears the session and goes to login). */
function SignedOut() {
  const navigate = useNavigate();
  useEffect(() => {
    clearSession();
    navigate('/login', { replace: true });
  }, [navigate]);
  return fallback;
}

function AppRoutes({ tenantExists }: { tenantExists: boolean }) {
  if (!tenantExists) {
    return (
      <Suspense fallback={fallback}>
        <Routes>
          <Route path="*" element={<NotRegistered />} />
        </Routes>
      </Suspense>
    );
  }
  return (
    <Suspense fallback={fallback}>
      <Routes>
        <Route index element={<Home />} />
        <Route path="login" element={<GuestOnly><Login /></GuestOnly>} />
        <Route path="terms" element={<Terms />} />
        {/* The platform's public laws (central resources read without login). */}
        {appScope() === 'central' && <Route path="laws" element={<PublicLaws />} />}
        {appScope() === 'central' && <Route path="laws/:id" element={<PublicLaw />} />}
        {/* A patient's booking, from the link in a message (no account). */}
        {appScope() === 'tenant' && <Route path="a/:ref" element={<BookingLink />} />}
        {/* Asking for an appointment on the clinic's site, where the clinic takes them. */}
        {appScope() === 'tenant' && <Route path="book" element={<BookOnline />} />}
        {/* A printed document's QR code: anyone holding the paper checks it (no account). */}
        {appScope() === 'tenant' && <Route path="verify/:code" element={<VerifyDocument />} />}
        <Route path="forgot-username" element={<ForgotUsername />} />
        <Route path="forgot-otp" element={<ForgotOtp />} />
        <Route path="forgot-reset" element={<ForgotReset />} />
        <Route path="401" element={<SignedOut />} />
        <Route path="500" element={<ServerError />} />
        <Route path="417" element={<Suspended />} />
        <Route path="418" element={<NotRegistered />} />
        <Route path="support-session" element={<SupportSession />} />
        <Route path="*" element={<AppGate />} />
      </Routes>
    </Suspense>
  );
}

export function App({ tenantExists }: { tenantExists: boolean }) {
  const { i18n } = useTranslation();
  const lang = (i18n.language as Lang) ?? 'ckb';
  const locale = useAntdLocale(lang);
  return (
    // No transitions: by default React Router keeps the previous page on screen, and clickable,
    // while the next one loads, so a "Create" pressed then opened the previous list's form. Now
    // the next page or its spinner replaces it at once.
    <BrowserRouter useTransitions={false}>
      <ConfigProvider
        direction={isRtl(lang) ? 'rtl' : 'ltr'}
        locale={locale}
        theme={THEME}
      >
        <Root>
          <LoadingBar />
          <Bridges />
          <ScreenFailsafe>
            <AppRoutes tenantExists={tenantExists} />
          </ScreenFailsafe>
        </Root>
      </ConfigProvider>
    </BrowserRouter>
  );
}
