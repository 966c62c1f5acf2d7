// The secret to add to an authenticator app: a QR code to scan, and the same secret as text for
// typing by hand (left to right, monospace, in groups of four, with a copy button).
import { QRCode, Space, Typography } from 'antd';
import { useT } from '../../i18n/useT';
import { groupSecret } from './codes';

export function EnrolSecret({ secret, uri }: { secret: string; uri: string }) {
  const t = useT();
  return (
    <Space direction="vertical" size={8} style={{ width: '100%' }} data-testid="mfa-enrol-secret">
      <Typography.Paragraph style={{ margin: 0 }}>{t('mfa.scanHelp', 'Scan this code with an authenticator app, such as Google Authenticator or Microsoft Authenticator.')}</Typography.Paragraph>
      {/* The QR code is black on white whatever the theme: scanners need the contrast. */}
      <QRCode value={uri} size={168} bordered={false} color="#000000" bgColor="#ffffff" style={{ marginInline: 'auto' }} />
      <Typography.Text type="secondary">{t('mfa.manualHelp', 'Or type this key into the app:')}</Typography.Text>
      {/* A block of its own, left to right, wrapping only between groups. */}
      <Typography.Paragraph
        dir="ltr"
        copyable={{ text: secret, tooltips: [t('mfa.copy', 'Copy'), t('mfa.copied', 'Copied')] }}
        style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 15, textAlign: 'center', margin: 0, padding: '6px 8px', borderRadius: 6, background: 'rgba(0, 0, 0, 0.04)' }}
        data-testid="mfa-secret"
      >
        {groupSecret(secret)}
      </Typography.Paragraph>
    </Space>
  );
}
