// The bars above every screen about the app itself (shellState.ts): "Offline since 07:31 · 12
// changes waiting to be sent", the server's refusals waiting in Sync problems, and "a new version
// is ready — reload". Loaded only when there is something to show.
import { useRef, useSyncExternalStore } from 'react';
import { Alert, Button, Space } from 'antd';
import { Link, useLocation } from 'react-router';
import { useT } from '../i18n/useT';
import { onShellState, shellState } from './shellState';
import { instantText } from '../engine/instant';
import { askKey, resumeLater } from './idleWatch';

export default function ShellBars() {
  const t = useT();
  const state = useSyncExternalStore(onShellState, shellState);
  const since = state.offlineSince;
  const apply = state.applyUpdate;
  // The plural forms of each language (Arabic's six): i18next picks by count.
  // The user's own answer on the bar ("later", the password given) takes it away at once.
  const answered = useRef(false);
  const keyBar = useAtNextScreen(state.keyPaused, answered.current) && !since;
  const waiting = state.waiting > 0 ? <span data-testid="outbox-waiting">{t('offline.waiting', { count: state.waiting })}</span> : null;
  return (
    <>
      {since && (
        <Alert
          data-testid="offline-banner"
          type="warning"
          banner
          message={
            <>
              {t('offline.since', { time: instantText(since).slice(11) })}
              {waiting && <> · {waiting}</>}
            </>
          }
        />
      )}
      {!since && waiting && <Alert data-testid="outbox-banner" type="info" banner message={waiting} />}
      {state.problems > 0 && (
        <Alert
          data-testid="sync-problems-banner"
          type="error"
          banner
          message={t('offline.problems')}
          action={<Link to="/sync-problems">{t('offline.openProblems')}</Link>}
        />
      )}
      {keyBar && <KeyPausedBar onAnswer={() => (answered.current = true)} />}
      {apply && <UpdateBar apply={apply} />}
    </>
  );
}

/**
 * `wanted` as it was when the user last opened a screen: an offer decided seconds after the page
 * opened, or made or withdrawn later, changes with the next screen, never pushing the one in use
 * down under a click (nor up). The bars stay mounted once loaded (App.tsx), so a withdrawal waits
 * too. `now`: a withdrawal the user made on the bar itself goes at once.
 */
function useAtNextScreen(wanted: boolean, now: boolean): boolean {
  const { key } = useLocation();
  const shown = useRef<{ key: string; value: boolean } | null>(null);
  if (!shown.current) shown.current = { key, value: false };
  else if (shown.current.key !== key || (now && !wanted)) shown.current = { key, value: wanted };
  return shown.current.value;
}

function UpdateBar({ apply }: { apply: () => void }) {
  const t = useT();
  return (
    <Alert
      data-testid="update-ready"
      type="info"
      banner
      showIcon
      message={t('offline.updateReady')}
      action={
        <Button size="small" type="primary" data-testid="update-reload" onClick={apply}>
          {t('offline.reload')}
        </Button>
      }
    />
  );
}

/** The page opened again online: the device's copy waits for the password to be followed again. */
function KeyPausedBar({ onAnswer }: { onAnswer: () => void }) {
  const t = useT();
  return (
    <Alert
      data-testid="key-paused"
      type="info"
      banner
      showIcon
      message={t('offline.keyPaused')}
      action={
        <Space wrap size={4}>
          <Button size="small" type="primary" data-testid="key-resume" onClick={() => { onAnswer(); askKey(); }}>
            {t('offline.keyResume')}
          </Button>
          <Button size="small" data-testid="key-later" onClick={() => { onAnswer(); resumeLater(); }}>
            {t('offline.keyLater')}
          </Button>
        </Space>
      }
    />
  );
}
