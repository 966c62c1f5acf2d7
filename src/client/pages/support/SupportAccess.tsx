// The platform's side of support access: the clinics that let me in now (their Main Doctor's
// grant), and a button to open one. Opening makes a support session valid only on that clinic's
// host; the token travels in the address's fragment, which no server or log ever sees.
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Empty, Table, Tag } from 'antd';
import { useT } from '../../i18n/useT';
import { useAction, useAsk } from '../../engine/useAction';
import { clinicOrigin } from './clinicHost';
import { instantText } from '../../engine/instant';

interface Grant {
  id: number;
  clinic: string;
  subdomain: string;
  reason: string;
  read_only: boolean;
  expires_at: string;
}

export default function SupportAccess() {
  const t = useT();
  const [grants, setGrants] = useState<Grant[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [opening, setOpening] = useState<number | null>(null);
  const ask = useAsk();
  const { run } = useAction<{ token: string }>();

  const load = useCallback(() => {
    setFailed(false);
    ask<{ data: Grant[] }>('/support/grants')
      .then((body) => setGrants(body.data))
      .catch(() => setFailed(true));
  }, [ask]);
  useEffect(load, [load]);

  // The button stays busy until the clinic's page opens: not the request's busy state alone.
  const open = async (grant: Grant) => {
    setOpening(grant.id);
    try {
      const { token } = await run({ url: `/support/grants/${grant.id}/open` });
      window.location.assign(`${clinicOrigin(grant.subdomain)}/support-session#token=${encodeURIComponent(token)}`);
    } catch {
      setOpening(null);
      load();
    }
  };

  return (
    <Card title={t('support.title', 'Support access')}>
      <Alert type="info" showIcon message={t('support.centralHint', 'A clinic lets you in only when its Main Doctor grants it: for a limited time, and every step is recorded in its activity.')} style={{ marginBottom: 16 }} />
      {failed && <Alert type="error" showIcon message={t('common.loadFailed', 'Could not load. Try again.')} action={<Button onClick={load}>{t('buttons.refresh', 'Refresh')}</Button>} style={{ marginBottom: 16 }} />}
      <Table<Grant>
        rowKey="id"
        loading={grants === null && !failed}
        dataSource={grants ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('support.noGrants', 'No clinic has granted you access right now')} /> }}
        columns={[
          { title: t('support.clinic', 'Clinic'), dataIndex: 'clinic', render: (name: string, g) => <><strong>{name}</strong> <bdi dir="ltr">({g.subdomain})</bdi></> },
          { title: t('resources.supportGrants.fields.reason', 'Reason'), dataIndex: 'reason' },
          { title: t('support.kind', 'Access'), dataIndex: 'read_only', render: (ro: boolean) => <Tag color={ro ? 'blue' : 'orange'}>{ro ? t('support.readOnly', 'Read only') : t('support.readWrite', 'Read and write')}</Tag> },
          { title: t('resources.supportGrants.fields.expires_at', 'Until'), dataIndex: 'expires_at', render: (v: string) => <bdi dir="ltr">{instantText(v)}</bdi> },
          {
            title: '',
            key: 'open',
            render: (_: unknown, g) => (
              <Button type="primary" loading={opening === g.id} onClick={() => void open(g)} data-testid={`support-open-${g.subdomain}`}>
                {t('support.open', 'Open the clinic')}
              </Button>
            ),
          },
        ]}
      />
    </Card>
  );
}
