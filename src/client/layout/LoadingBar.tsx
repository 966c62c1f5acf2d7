import { theme } from 'antd';
import { useGlobalLoading } from '../providers/loading';

/** A thin bar at the top of every screen while the global loading flag is set. */
export function LoadingBar() {
  const loading = useGlobalLoading();
  const { token } = theme.useToken();
  return (
    <div
      role="progressbar"
      aria-busy={loading}
      aria-hidden={!loading}
      data-testid="loading-bar"
      className={loading ? 'loading-bar active' : 'loading-bar'}
      style={{ background: token.colorPrimary }}
    />
  );
}
