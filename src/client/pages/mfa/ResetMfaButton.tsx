// A manager resets a staff member's two-step verification (a lost phone): the Main Doctor for the
// clinic's staff, the Owner for the platform's. They sign in with the password alone next time, or
// set it up again if it is required.
import { Button, Popconfirm } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { toast } from '../../providers/notify';
import { mfaApi } from './mfaApi';

export function ResetMfaButton({ path, userId }: { path: 'tenantUsers' | 'users'; userId: number }) {
  const t = useT();
  return (
    <Popconfirm
      title={t('mfa.resetConfirm', 'Reset this person’s two-step verification (for a lost phone)?')}
      okText={t('mfa.reset', 'Reset two-step verification')}
      cancelText={t('buttons.cancel', 'Cancel')}
      onConfirm={async () => {
        await mfaApi.reset(path, userId);
        toast('success', t('mfa.resetDone', 'Two-step verification was reset'));
      }}
    >
      <Button icon={<SafetyCertificateOutlined />} data-testid="reset-staff-mfa" style={{ marginTop: 16, marginInlineStart: 8 }}>
        {t('mfa.reset', 'Reset two-step verification')}
      </Button>
    </Popconfirm>
  );
}
