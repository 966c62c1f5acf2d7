// settings/plan-histories: what happened to the clinic's plan, newest first.
import { Card, Empty, Table, Tag } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { currentLang } from '../../i18n';
import { useApiGet } from '../../engine/useApiGet';
import { planName } from './planText';
import { resourceByName } from '../../../../resources';
import { valueLabel } from '../../../shared/labels';
import { instantText } from '../../engine/instant';

// The step's label is the declaration's (planHistory.actions.<step>), as on every other screen.
const planHistories = resourceByName('planHistories');

interface Body extends BaseRecord {
  data?: BaseRecord[];
}

export default function SettingsPlanHistories() {
  const t = useT();
  const { data, isLoading } = useApiGet<Body>('/settings/plan-histories');
  const lang = currentLang();
  return (
    <Card title={t('nav.planHistories', 'Plan history')}>
      <Table<BaseRecord> rowKey="id" dataSource={data?.data ?? []} loading={isLoading} pagination={{ pageSize: 20, hideOnSinglePage: true }} size="small" locale={{ emptyText: <Empty description={t('common.empty', 'No data')} /> }} scroll={{ x: true }}>
        <Table.Column<BaseRecord> key="action" dataIndex="action" title={t('fields.action', 'Action')} render={(v: unknown) => <Tag>{valueLabel(t, planHistories.fields.action, v)}</Tag>} />
        <Table.Column<BaseRecord> key="plan" title={t('fields.plan_id', 'Plan')} render={(_, r) => planName(r, lang)} />
        <Table.Column<BaseRecord> key="starts_on" dataIndex="starts_on" title={t('fields.starts_on', 'Starts on')} render={(v: unknown) => <span dir="ltr">{String(v ?? '—')}</span>} />
        <Table.Column<BaseRecord> key="ends_on" dataIndex="ends_on" title={t('fields.ends_on', 'Ends on')} render={(v: unknown) => <span dir="ltr">{String(v ?? '—')}</span>} />
        <Table.Column<BaseRecord> key="created_at" dataIndex="created_at" title={t('fields.created_at', 'Created at')} render={(v: unknown) => <span dir="ltr">{v ? instantText(String(v)) : '—'}</span>} />
      </Table>
    </Card>
  );
}
