// What a screen that fails to draw shows, instead of a blank page: a page whose code could not be
// fetched (the link cut before the app was installed, so nothing holds its chunks) or a bug in a
// screen. The address changing clears it, so the menu still leads elsewhere; Reload asks again.
import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { useT } from '../i18n/useT';

interface Props {
  children: ReactNode;
  /** What shows instead; null shows nothing (a bar the page can do without). */
  fallback: ((error: Error) => ReactNode) | null;
  /** A change of it (the address) tries the children again. */
  resetKey?: string;
}

export class Failsafe extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error): void {
    console.error('a screen failed to draw', error);
  }

  override componentDidUpdate(before: Props): void {
    if (this.state.error && before.resetKey !== this.props.resetKey) this.setState({ error: null });
  }

  override render(): ReactNode {
    if (!this.state.error) return this.props.children;
    return this.props.fallback ? this.props.fallback(this.state.error) : null;
  }
}

/** A dynamic import that could not be fetched (Chromium, Firefox and Safari word it so). */
const unfetched = (error: Error) => /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(error.message);

function ScreenFailed({ error }: { error: Error }) {
  const t = useT();
  return (
    <div role="alert" data-testid="screen-failed" style={{ padding: 48, textAlign: 'center' }}>
      <p>{unfetched(error) ? t('errors.network') : t('errors.screenFailed')}</p>
      {/* A plain button: this must draw when antd's own button's code is what could not arrive. */}
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '6px 16px', cursor: 'pointer' }}>
        {t('offline.reload')}
      </button>
    </div>
  );
}

/** The app's screens, each drawn or explained. */
export function ScreenFailsafe({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Failsafe resetKey={pathname} fallback={(error) => <ScreenFailed error={error} />}>
      {children}
    </Failsafe>
  );
}
