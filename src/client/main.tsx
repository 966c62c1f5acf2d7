// Entry: styles and fonts (bundled, no CDN), document language, start-up loads, then mount.
import '@ant-design/v5-patch-for-react-19';
import '@fontsource/vazirmatn/400.css';
import '@fontsource/vazirmatn/500.css';
import '@fontsource/vazirmatn/700.css';
// antd's styles, made at build time (scripts/antd-static-style.ts); ours after them override them.
import 'virtual:antd-static.css';
import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { applyDocumentLocale, currentLang, i18nReady } from './i18n';
import { startup } from './startup';
import { getSession } from './providers/session';
import { CODE_CACHE_FRAME } from './offline/codeCacheFrame';

async function main(): Promise<void> {
  // The installed app's hidden frame that only evaluates these scripts for V8's code cache
  // (offline/codeCache.ts): nothing is started there.
  if (window.name === CODE_CACHE_FRAME) return;
  applyDocumentLocale(currentLang());
  const started = startup().catch(() => ({ tenantExists: true }));
  // Signed in here, the clinic existed at the sign-in: the app starts without waiting for the
  // check (a round trip, issue 41), and the check's "no such clinic" still replaces it (the API
  // refuses it all the same). The chosen language's texts (only those) load beside the requests.
  const signedIn = !!getSession().token;
  const [{ tenantExists }] = await Promise.all([signedIn ? { tenantExists: true } : started, i18nReady()]);
  applyDocumentLocale(currentLang());
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('No #root element');
  const root = createRoot(rootElement);
  const draw = (exists: boolean) =>
    root.render(
      <StrictMode>
        <App tenantExists={exists} />
      </StrictMode>,
    );
  draw(tenantExists);
  if (signedIn) void started.then((r) => r.tenantExists || draw(false));
  // The installable app (issue 36): its own chunk, after the first screen.
  void import('./offline/serviceWorker').then((m) => m.startShell());
}

void main();
