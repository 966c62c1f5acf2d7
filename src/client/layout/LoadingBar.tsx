import { theme } from 'antd';
import { useGlobalLoading } from '../providers/loading';
import { useT } from '../i18n/useT';

/** A thin bar at the top of every screen while the global loading flag is set. */
export function LoadingBar() {
  const loading = useGlobalLoading();
  const { token } = theme.useToken();
  const t = useT();
  return (
    <div
      role="progressbar"
      aria-label={t('common.loading', 'Loading')}
      aria-busy={loading}
      aria-hidden={!loading}
      data-testid="loading-bar"
      className={loading ? 'loading-bar active' : 'loading-bar'}
      style={{ background: token.colorPrimary }}
    />
  );
}
