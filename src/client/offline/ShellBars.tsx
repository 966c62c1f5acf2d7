// The bars above every screen about the app itself (shellState.ts): "a new version is ready —
// reload". Loaded only when there is something to show.
import { useSyncExternalStore } from 'react';
import { Alert, Button } from 'antd';
import { useT } from '../i18n/useT';
import { onShellState, shellState } from './shellState';

export default function ShellBars() {
  const t = useT();
  const state = useSyncExternalStore(onShellState, shellState);
  if (!state.applyUpdate) return null;
  const apply = state.applyUpdate;
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
