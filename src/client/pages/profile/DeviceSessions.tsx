// The devices signed in to my account (browser, address, last use), each with "Sign out": a lost
// phone is signed out from here. "This device" is marked and ends with the usual logout.
import { useCallback, useEffect, useState } from 'react';
import { Button, List, Popconfirm, Skeleton, Tag, Typography } from 'antd';
import { DesktopOutlined, MobileOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { useAction, useAsk } from '../../engine/useAction';
import { profileBase } from './profileApi';
import { deviceName } from '../../../shared/deviceName';
import { instantText } from '../../engine/instant';
import { Ltr } from '../../engine/Ltr';

interface DeviceSession {
  id: number;
  created_at: string;
  last_seen_at: string;
  ip: string | null;
  user_agent: string | null;
  current: boolean;
}

export function DeviceSessions() {
  const t = useT();
  const [sessions, setSessions] = useState<DeviceSession[] | null>(null);
  const ask = useAsk();
  const { run } = useAction({ success: t('profile.sessionEnded', 'That device was signed out') });
  const load = useCallback(() => {
    ask<{ data: DeviceSession[] }>(`${profileBase()}/sessions`, { quiet: true })
      .then((b) => setSessions(b.data))
      .catch(() => setSessions([]));
  }, [ask]);
  useEffect(load, [load]);
  if (!sessions) return <Skeleton active />;
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>{t('profile.devices', 'Signed-in devices')}</Typography.Title>
      <List
        data-testid="device-sessions"
        // Actions under each device: a phone has no room beside it.
        itemLayout="vertical"
        size="small"
        dataSource={sessions}
        locale={{ emptyText: t('common.empty', 'No data') }}
        renderItem={(s) => (
          <List.Item
            actions={
              s.current
                ? [<Tag key="here" color="green">{t('profile.thisDevice', 'This device')}</Tag>]
                : [
                    <Popconfirm
                      key="end"
                      title={t('profile.endSessionConfirm', 'Sign this device out?')}
                      okText={t('profile.endSession', 'Sign out')}
                      cancelText={t('buttons.cancel', 'Cancel')}
                      onConfirm={() =>
                        run({ url: `${profileBase()}/sessions/${s.id}`, method: 'delete' })
                          .then(load)
                          .catch(() => undefined)
                      }
                    >
                      <Button size="small" danger data-testid={`end-session-${s.id}`}>{t('profile.endSession', 'Sign out')}</Button>
                    </Popconfirm>,
                  ]
            }
          >
            <List.Item.Meta
              avatar={/Android|iPhone|Mobile/.test(s.user_agent ?? '') ? <MobileOutlined /> : <DesktopOutlined />}
              title={<span dir="ltr">{deviceName(s.user_agent)}</span>}
              description={
                <span>
                  <Ltr>{s.ip ?? '—'}</Ltr> · {t('profile.lastUsed', 'Last used')} <Ltr>{instantText(s.last_seen_at)}</Ltr>
                </span>
              }
            />
          </List.Item>
        )}
      />
    </>
  );
}
