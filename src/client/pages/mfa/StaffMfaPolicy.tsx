// "Require two-step verification for staff": the Owner for the platform's staff, the Main Doctor
// for the clinic's. It applies at each person's next login (open sessions go on); whoever has not
// set it up is asked to while logging in.
import { useEffect, useState } from 'react';
import { Card, Space, Switch, Typography } from 'antd';
import { TeamOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { useAction, useAsk } from '../../engine/useAction';
import { mfaApi } from './mfaApi';

export function StaffMfaPolicy() {
  const t = useT();
  const [required, setRequired] = useState<boolean | null>(null);
  const ask = useAsk();
  const { run, busy: saving } = useAction<{ data: { required: boolean } }>({
    success: (body) => (body.data.required ? t('mfa.policyOn', 'Two-step verification is now required of staff') : t('mfa.policyOff', 'Two-step verification is no longer required')),
  });
  useEffect(() => {
    let live = true;
    ask<{ data: { required: boolean } }>(mfaApi.policy())
      .then((body) => live && setRequired(body.data.required))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [ask]);

  return (
    <Card title={<Space><TeamOutlined />{t('mfa.policyTitle', 'Staff sign-in')}</Space>} data-testid="mfa-policy">
      <label style={{ display: 'flex', alignItems: 'center', gap: 12, cursor: 'pointer' }}>
        <Switch
          checked={!!required}
          loading={required === null || saving}
          onChange={(on) =>
            void run(mfaApi.setPolicy(on))
              .then((body) => setRequired(body.data.required))
              .catch(() => undefined)
          }
          data-testid="mfa-policy-switch"
        />
        <Typography.Text strong>{t('mfa.policySwitch', 'Require two-step verification for staff')}</Typography.Text>
      </label>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('mfa.policyHelp', 'Applies from each person’s next sign-in; those signed in now stay signed in. Whoever has not set it up is asked to while signing in.')}
      </Typography.Paragraph>
    </Card>
  );
}
