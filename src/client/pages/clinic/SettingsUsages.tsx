// settings/usages: staff accounts, visits this period and storage against the plan's limits.
import { Card, Col, Progress, Row, Skeleton, Statistic } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { useApiGet } from '../../engine/useApiGet';

interface UsageBody extends BaseRecord {
  data?: {
    users: { used: number; limit: number };
    visits: { used: number; limit: number };
    storage: { used_bytes: number; limit_bytes: number };
  };
}

export function percent(used: number, limit: number): number {
  if (!limit || limit <= 0) return 0;
  return Math.min(100, Math.round((used / limit) * 100));
}

const GB = 1024 ** 3;

export default function SettingsUsages() {
  const t = useT();
  const { data, isLoading } = useApiGet<UsageBody>('/settings/usages');
  const d = data?.data;
  if (isLoading || !d) return <Card title={t('nav.usages', 'Usage')}><Skeleton active /></Card>;
  const items = [
    { key: 'users', title: t('clinic.usageUsers', 'Staff accounts'), used: d.users.used, limit: d.users.limit, text: `${d.users.used} / ${d.users.limit}` },
    { key: 'visits', title: t('clinic.usageVisits', 'Visits this period'), used: d.visits.used, limit: d.visits.limit, text: `${d.visits.used} / ${d.visits.limit}` },
    {
      key: 'storage',
      title: t('clinic.usageStorage', 'Storage'),
      used: d.storage.used_bytes,
      limit: d.storage.limit_bytes,
      text: `${(d.storage.used_bytes / GB).toFixed(2)} / ${(d.storage.limit_bytes / GB).toFixed(0)} GB`,
    },
  ];
  return (
    <Card title={t('nav.usages', 'Usage')} data-testid="usages">
      <Row gutter={[24, 24]}>
        {items.map((i) => {
          const p = percent(i.used, i.limit);
          return (
            <Col key={i.key} xs={24} md={8} data-testid={`usage-${i.key}`}>
              <Statistic title={i.title} value={i.text} valueStyle={{ direction: 'ltr', unicodeBidi: 'isolate' }} />
              <Progress aria-label={i.title} percent={p} status={p >= 100 ? 'exception' : p >= 80 ? 'normal' : 'success'} strokeColor={p >= 80 && p < 100 ? '#d97706' : undefined} />
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
