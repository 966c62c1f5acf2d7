// A manager signs a staff member out of every device (a lost phone, someone leaving): the Main
// Doctor for the clinic's staff, the Owner for the platform's (POST <path>/:id/end-sessions).
import { Button, Popconfirm } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { api } from '../../providers/http';
import { toast } from '../../providers/notify';

export function EndSessionsButton({ path, userId }: { path: 'tenantUsers' | 'users'; userId: number }) {
  const t = useT();
  return (
    <Popconfirm
      title={t('profile.endStaffSessionsConfirm', 'Sign this staff member out of every device?')}
      okText={t('profile.endStaffSessions', 'Sign out everywhere')}
      cancelText={t('buttons.cancel', 'Cancel')}
      onConfirm={async () => {
        await api(`/${path}/${userId}/end-sessions`, { method: 'POST' });
        toast('success', t('profile.staffSessionsEnded', 'Signed out of every device'));
      }}
    >
      <Button icon={<LogoutOutlined />} data-testid="end-staff-sessions" style={{ marginTop: 16 }}>
        {t('profile.endStaffSessions', 'Sign out everywhere')}
      </Button>
    </Popconfirm>
  );
}
