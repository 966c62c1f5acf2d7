// A list that could not be loaded says so, in the reader's language, with a way on (Retry), never
// "No data": a clinic on a failing link must not read an empty list as "nobody is booked".
import { Button, Result } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import { useT } from '../i18n/useT';

export function LoadError({ onRetry, retrying }: { onRetry: () => void; retrying?: boolean }) {
  const t = useT();
  return (
    <div data-testid="load-error" role="alert">
      <Result
        status="warning"
        title={t('common.loadFailed', 'Could not load. Try again.')}
        subTitle={t('errors.network', 'The server could not be reached. Check the connection and try again.')}
        extra={
          <Button type="primary" icon={<ReloadOutlined />} loading={retrying} onClick={onRetry} data-testid="load-retry">
            {t('buttons.retry', 'Retry')}
          </Button>
        }
      />
    </div>
  );
}
