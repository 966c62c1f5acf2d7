// Shown on every screen of a clinic while one of the platform's staff works in it under the
// clinic's grant, so nobody mistakes the session for the clinic's own.
import { Alert } from 'antd';
import { useT } from '../i18n/useT';
import { useIdentity } from '../providers/identity';
import { isolateLtr } from '../../shared/bidi';
import { instantText } from '../engine/instant';

export function SupportBanner() {
  const t = useT();
  const user = useIdentity();
  if (!user?.support) return null;
  const until = instantText(user.support.until);
  return (
    <Alert
      banner
      type="warning"
      data-testid="support-banner"
      message={
        <>
          {t('support.banner', { name: user.name, until: isolateLtr(until) })}
          {' · '}
          {user.support.read_only ? t('support.readOnly', 'Read only') : t('support.readWrite', 'Read and write')}
        </>
      }
    />
  );
}
