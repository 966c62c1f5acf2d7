// Error screens: 404 (unknown path), 500, 417 (suspended or archived), 418 (not registered). The
// last two cannot go "home" (the clinic itself is refused), so they offer the ways out a user has:
// log out (when signed in), the platform's main site, and its contact details.
import { Button, Result, Space, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { mainSiteUrl } from '../host';
import { useT } from '../i18n/useT';
import { PublicShell } from '../layout/PublicShell';
import { clearSession, useSession } from '../providers/session';
import { toast } from '../providers/notify';
import { usePublicTitle } from '../pageTitle';

export type ErrorKind = 404 | 500 | 417 | 418;

/** Log out, the main site, contact: in the user's language. */
function WaysOut() {
  const t = useT();
  const session = useSession();
  const main = mainSiteUrl();
  const logout = () => {
    // The clinic refuses every call now (logout included), so the session ends here.
    clearSession();
    toast('success', t('messages.loggedOut', 'Goodbye!'));
  };
  return (
    <Space wrap style={{ justifyContent: 'center' }} data-testid="ways-out">
      {session.token && (
        <Button onClick={logout} data-testid="error-logout">
          {t('auth.logout', 'Log out')}
        </Button>
      )}
      <Button type="primary" href={main} data-testid="error-main-site">
        {t('screens.mainSite', 'Go to the main site')}
      </Button>
      <Button href={`${main}#contact_info`} data-testid="error-contact">
        {t('screens.contact', 'Contact us')}
      </Button>
    </Space>
  );
}

function Help({ text }: { text: string }) {
  return (
    <Typography.Paragraph type="secondary" style={{ maxWidth: 480, marginInline: 'auto', marginBottom: 0 }}>
      {text}
    </Typography.Paragraph>
  );
}

/**
 * `inApp`: drawn inside the signed-in layout (menu and header around it), which titles the tab
 * itself; otherwise in the public frame.
 */
export function ErrorScreen({ kind, inApp = false }: { kind: ErrorKind; inApp?: boolean }) {
  const t = useT();
  const navigate = useNavigate();
  const home = (
    <Button type="primary" onClick={() => navigate('/dashboard')} data-testid="return-home">
      {t('screens.returnHome', 'Return Home')}
    </Button>
  );
  let content;
  const titles: Record<ErrorKind, string> = {
    404: t('screens.notFound', '404'),
    500: t('errors.server', 'Something went wrong, please try again later'),
    417: t('errors.tenantSuspended', 'Account is suspended or archived'),
    418: t('errors.tenantNotRegistered', 'Account not registered'),
  };
  usePublicTitle(inApp ? null : titles[kind], !inApp);
  switch (kind) {
    case 404:
      content = <Result status="404" title={t('screens.notFound', '404')} subTitle={t('screens.lost', "You're lost")} extra={home} />;
      break;
    case 500:
      content = <Result status="500" title="500" subTitle={t('errors.server', 'Something went wrong, please try again later')} extra={home} />;
      break;
    case 417:
      content = (
        <Result
          status="warning"
          title={t('errors.tenantSuspended', 'Account is suspended or archived')}
          subTitle={<Help text={t('screens.suspendedHelp', 'This clinic is suspended or archived. Contact the platform.')} />}
          extra={<WaysOut />}
        />
      );
      break;
    case 418:
      content = (
        <Result
          status="error"
          title={t('errors.tenantNotRegistered', 'Account not registered')}
          subTitle={<Help text={t('screens.notRegisteredHelp', 'No clinic uses this address.')} />}
          extra={<WaysOut />}
        />
      );
      break;
  }
  const screen = (
    <div data-testid={`error-${kind}`} style={{ width: '100%' }}>
      {content}
    </div>
  );
  return inApp ? screen : <PublicShell>{screen}</PublicShell>;
}

export const NotFound = () => <ErrorScreen kind={404} />;
/** An unknown address, or a module the clinic lacks, for a signed-in user: inside the layout. */
export const NotFoundInApp = () => <ErrorScreen kind={404} inApp />;
export const ServerError = () => <ErrorScreen kind={500} />;
export const Suspended = () => <ErrorScreen kind={417} />;
export const NotRegistered = () => <ErrorScreen kind={418} />;
