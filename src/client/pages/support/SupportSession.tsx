// Arrival on a clinic's host from the platform's "Open the clinic": the support session's token is
// in the fragment. It is kept like a login's, the fragment is wiped from the address and history,
// and the clinic's application opens with the support banner.
import { useEffect, useState } from 'react';
import { Alert, Spin } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../../i18n/useT';
import { openSupportSession } from '../../providers/authProvider';

export default function SupportSession() {
  const t = useT();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const token = new URLSearchParams(window.location.hash.slice(1)).get('token');
    window.history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setFailed(true);
      return;
    }
    openSupportSession(token)
      .then(() => void navigate('/dashboard', { replace: true }))
      .catch(() => setFailed(true));
  }, [navigate]);
  if (failed) return <Alert type="error" showIcon style={{ margin: 48 }} message={t('support.sessionFailed', 'This support session is not valid (it may have ended or been revoked).')} />;
  return <Spin style={{ display: 'block', margin: '96px auto' }} />;
}
