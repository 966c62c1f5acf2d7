// A server's answer still on the screen during a cut it could not be read again in (the
// dashboard's counts): said to be as of when it was read, so a count of this morning is not taken
// for one of now. Nothing while the server answers, or for an answer read during the cut.
import { useSyncExternalStore } from 'react';
import { Typography } from 'antd';
import { useT } from '../i18n/useT';
import { instantText } from './instant';
import { onShellState, shellState } from '../offline/shellState';

/** `readAt`: when the answer was read (React Query's dataUpdatedAt; 0: never). */
export function ReadBeforeCut({ readAt }: { readAt: number }) {
  const t = useT();
  const { offlineSince } = useSyncExternalStore(onShellState, shellState);
  if (!offlineSince || !readAt || readAt >= offlineSince.getTime()) return null;
  return (
    <Typography.Text type="secondary" data-testid="read-before-cut">
      {t('offline.readBeforeCut', { time: `\u2066${instantText(readAt).slice(11)}\u2069` })}
    </Typography.Text>
  );
}
