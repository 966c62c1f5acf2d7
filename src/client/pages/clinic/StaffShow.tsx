// A staff member's page: the generated details, then the permission matrix (not for the Main
// Doctor, who has every permission).
import { useOne } from '@refinedev/core';
import { useParams } from 'react-router';
import { resourceByName } from '../../../../resources';
import { ShowPage } from '../../engine/ShowPage';
import { TENANT_ROLE } from '../../../shared/roles';
import { PermissionMatrix } from './PermissionMatrix';
import { Button, Popconfirm } from 'antd';
import { LogoutOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { api } from '../../providers/http';
import { toast } from '../../providers/notify';
import { getSession } from '../../providers/session';

const def = resourceByName('tenantUsers');

/** The Main Doctor signs a staff member out of every device (a lost phone, a staff member leaving). */
function EndSessions({ userId }: { userId: number }) {
  const t = useT();
  return (
    <Popconfirm
      title={t('profile.endStaffSessionsConfirm', 'Sign this staff member out of every device?')}
      okText={t('profile.endStaffSessions', 'Sign out everywhere')}
      cancelText={t('buttons.cancel', 'Cancel')}
      onConfirm={async () => {
        await api(`/tenantUsers/${userId}/end-sessions`, { method: 'POST' });
        toast('success', t('profile.staffSessionsEnded', 'Signed out of every device'));
      }}
    >
      <Button icon={<LogoutOutlined />} data-testid="end-staff-sessions" style={{ marginTop: 16 }}>
        {t('profile.endStaffSessions', 'Sign out everywhere')}
      </Button>
    </Popconfirm>
  );
}

export default function StaffShow() {
  const { id } = useParams();
  const { result } = useOne({ resource: 'tenantUsers', id: id ?? '', queryOptions: { enabled: !!id } });
  const mainDoctor = getSession().user?.role === TENANT_ROLE.mainDoctor;
  return (
    <>
      <ShowPage def={def} />
      {mainDoctor && id && <EndSessions userId={Number(id)} />}
      {result && Number(result.role) !== TENANT_ROLE.mainDoctor && <PermissionMatrix userId={Number(id)} />}
    </>
  );
}
