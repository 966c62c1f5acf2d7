// Error screens: 404 (unknown path), 500, 417 (suspended or archived), 418 (not registered).
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/useT';
import { PublicShell } from '../layout/PublicShell';

export type ErrorKind = 404 | 500 | 417 | 418;

export function ErrorScreen({ kind }: { kind: ErrorKind }) {
  const t = useT();
  const navigate = useNavigate();
  const home = (
    <Button type="primary" onClick={() => navigate('/dashboard')} data-testid="return-home">
      {t('screens.returnHome', 'Return Home')}
    </Button>
  );
  let content;
  switch (kind) {
    case 404:
      content = <Result status="404" title={t('screens.notFound', '404')} subTitle={t('screens.lost', "You're lost")} extra={home} />;
      break;
    case 500:
      content = <Result status="500" title="500" subTitle={t('errors.server', 'Something went wrong, please try again later')} extra={home} />;
      break;
    case 417:
      content = <Result status="warning" title="417" subTitle={t('errors.tenantSuspended', 'Account is suspended or archived')} />;
      break;
    case 418:
      content = <Result status="error" title="418" subTitle={t('errors.tenantNotRegistered', 'Account not registered')} />;
      break;
  }
  return (
    <PublicShell>
      <div data-testid={`error-${kind}`} style={{ width: '100%' }}>
        {content}
      </div>
    </PublicShell>
  );
}

export const NotFound = () => <ErrorScreen kind={404} />;
export const ServerError = () => <ErrorScreen kind={500} />;
export const Suspended = () => <ErrorScreen kind={417} />;
export const NotRegistered = () => <ErrorScreen kind={418} />;
