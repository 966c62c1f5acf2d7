// A list that could not be loaded says so, in the reader's language, with a way on (Retry), never
// "No data": a clinic on a failing link must not read an empty list as "nobody is booked". An
// Alert (already on every list page), not antd's Result, which would add 10 KiB to each list.
import { Alert, Button } from 'antd';
import { useT } from '../i18n/useT';

export function LoadError({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  const t = useT();
  return (
    <div data-testid="load-error" style={{ textAlign: 'start' }}>
      <Alert
        type="warning"
        showIcon
        role="alert"
        message={t('common.loadFailed', 'Could not load. Try again.')}
        description={t('errors.network', 'The server could not be reached. Check the connection and try again.')}
        action={
          <Button type="primary" loading={retrying} onClick={onRetry} data-testid="load-retry">
            {t('buttons.retry', 'Retry')}
          </Button>
        }
      />
    </div>
  );
}
