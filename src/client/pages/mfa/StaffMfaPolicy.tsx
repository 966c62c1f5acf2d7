// "Require two-step verification for staff": the Owner for the platform's staff, the Main Doctor
// for the clinic's. It applies at each person's next login (open sessions go on); whoever has not
// set it up is asked to while logging in.
import { Card, Space, Switch, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { useAction } from '../../engine/useAction';
import { useApiGet } from '../../engine/useApiGet';
import { LoadError } from '../../engine/LoadError';
import { mfaApi } from './mfaApi';

export function StaffMfaPolicy() {
  const t = useT();
  // A failed read is said on the card, with a Retry (not a switch left loading).
  const read = useApiGet<{ data: { required: boolean } }>(mfaApi.policy(), undefined, true, undefined, true);
  const required = read.data?.data?.required ?? null;
  const { run, busy: saving } = useAction<{ data: { required: boolean } }>({
    success: (body) => (body.data.required ? t('mfa.policyOn', 'Two-step verification is now required of staff') : t('mfa.policyOff', 'Two-step verification is no longer required')),
    refreshes: [mfaApi.policy()],
  });

  return (
    <Card title={<Space><TeamOutlined />{t('mfa.policyTitle', 'Staff sign-in')}</Space>} data-testid="mfa-policy">
      <label style={{ display: 'flex', alignItems: 'center', gap: 12, cursor: 'pointer' }}>
        <Switch
          checked={!!required}
          loading={required === null || saving}
          onChange={(on) => void run(mfaApi.setPolicy(on)).catch(() => undefined)}
          data-testid="mfa-policy-switch"
        />
        <Typography.Text strong>{t('mfa.policySwitch', 'Require two-step verification for staff')}</Typography.Text>
      </label>
      {read.isError && required === null && <LoadError onRetry={() => void read.refetch()} retrying={read.isFetching} />}
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('mfa.policyHelp', 'Applies from each person’s next sign-in; those signed in now stay signed in. Whoever has not set it up is asked to while signing in.')}
      </Typography.Paragraph>
    </Card>
  );
}
