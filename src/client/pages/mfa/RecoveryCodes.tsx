// The ten recovery codes, shown once (only their hashes are kept): each opens the account once
// when the phone is not at hand. Copy them or download them as a text file.
import { Alert, Button, Space, Typography } from 'antd';
import { CopyOutlined, DownloadOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

function download(codes: string[], heading: string): void {
  const blob = new Blob([`${heading}\n\n${codes.join('\n')}\n`], { type: 'text/plain;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = `recovery-codes-${location.hostname}.txt`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function RecoveryCodes({ codes }: { codes: string[] }) {
  const t = useT();
  const heading = t('mfa.recoveryTitle', 'Recovery codes');
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="mfa-recovery-codes">
      <Alert type="warning" showIcon message={t('mfa.recoveryHelp', 'Keep these codes somewhere safe. Each one lets you in once if you lose your phone. They are shown only now.')} />
      <ol dir="ltr" style={{ columns: 2, margin: 0, paddingInlineStart: 28, fontFamily: MONO, fontSize: 15, lineHeight: 1.8 }}>
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <Space wrap>
        <Typography.Text copyable={{ text: codes.join('\n'), icon: [<span key="copy"><CopyOutlined /> {t('mfa.copy', 'Copy')}</span>, <span key="done">{t('mfa.copied', 'Copied')}</span>], tooltips: false }} />
        <Button size="small" icon={<DownloadOutlined />} onClick={() => download(codes, heading)} data-testid="mfa-download-codes">
          {t('mfa.download', 'Download')}
        </Button>
      </Space>
    </Space>
  );
}
