// The idle lock's screen (IdleLock.tsx): an opaque dialog over everything (nothing of a patient
// shows on a PC left alone) asking the password. The app stays mounted under it, so what was typed
// is still there after unlocking. Opened again without its key (idleWatch.ts), it says so, and how
// many changes wait for it.
import { type FormEvent, useEffect, useState } from 'react';
import { Alert, Button, Input, Modal, Space, Typography, theme } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useT } from '../i18n/useT';
import { getSession } from '../providers/session';
import { unlock } from './idleLock';
import { lockReason, setLocked } from './idleWatch';
import { waitingCount } from './waiting';

export default function LockScreen() {
  const t = useT();
  const { token } = theme.useToken();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // How many changes wait for this key: read from the device's outbox (on disk), not the count
  // noted beside the session (which a power cut may have lost).
  const [waiting, setWaiting] = useState(0);
  useEffect(() => {
    const username = getSession().user?.username;
    if (username) void waitingCount(username).then(setWaiting, () => undefined);
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    // Said, not ignored: a Save-like button doing nothing reads as a hung lock.
    if (!password) {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    void unlock(password).then((answer) => {
      setBusy(false);
      setPassword('');
      if (!answer.ok) setError(answer.message);
    });
  };
  return (
    <Modal
      open
      closable={false}
      keyboard={false}
      maskClosable={false}
      footer={null}
      centered
      // Opaque: the screen under it is hidden, not just dimmed.
      styles={{ mask: { background: token.colorBgLayout } }}
      zIndex={2000}
      title={
        <Space>
          <LockOutlined />
          {t(lockReason() === 'resume' ? 'offline.keyResume' : 'idleLock.title')}
        </Space>
      }
    >
      <form data-testid="idle-lock" onSubmit={submit}>
        <Typography.Paragraph>{t(lockReason() === 'reopened' ? 'idleLock.reopened' : lockReason() === 'resume' ? 'idleLock.resume' : 'idleLock.help', { name: getSession().user?.name ?? '' })}</Typography.Paragraph>
        {waiting > 0 && (
          <Typography.Paragraph data-testid="idle-lock-waiting" strong>
            {t('offline.waiting', { count: waiting })}
          </Typography.Paragraph>
        )}
        <Space direction="vertical" style={{ width: '100%' }}>
          <Input.Password
            autoFocus
            data-testid="idle-lock-password"
            autoComplete="current-password"
            aria-label={t('idleLock.password')}
            placeholder={t('idleLock.password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          {error && <Alert data-testid="idle-lock-error" type="error" showIcon message={error} />}
          <Button type="primary" htmlType="submit" block loading={busy} data-testid="idle-lock-submit">
            {t('idleLock.unlock')}
          </Button>
          {/* Asked by the user from the bar (the page was working, nothing of a cut): may be put off. */}
          {lockReason() === 'resume' && (
            <Button block data-testid="idle-lock-later" onClick={() => setLocked(false)}>
              {t('offline.keyLater')}
            </Button>
          )}
        </Space>
      </form>
    </Modal>
  );
}
