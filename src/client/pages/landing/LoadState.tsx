// Loading and failure of a landing page: a skeleton while the first load runs; after a failure a
// toast (the app's message stack) once, and an inline notice with a retry.
import { useEffect, useRef } from 'react';
import { Alert, Button, Skeleton } from 'antd';
import { useT } from '../../i18n/useT';
import { toast } from '../../providers/notify';

export function LoadState({ loading, hasData, error, onRetry }: { loading: boolean; hasData: boolean; error?: { message: string }; onRetry: () => void }) {
  const t = useT();
  const shown = useRef<object | null>(null);
  useEffect(() => {
    if (error && shown.current !== error) {
      shown.current = error;
      toast('error', `${t('common.errorPrefix', 'Error: ')}${error.message}`);
    }
  }, [error, t]);
  if (loading && !hasData) return <Skeleton active paragraph={{ rows: 6 }} data-testid="landing-loading" />;
  if (!error) return null;
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="landing-error"
      message={t('landing.loadFailed', 'The page could not be loaded.')}
      description={error.message}
      action={<Button onClick={onRetry} disabled={loading}>{t('landing.retry', 'Try again')}</Button>}
      style={{ marginBottom: 24 }}
    />
  );
}
