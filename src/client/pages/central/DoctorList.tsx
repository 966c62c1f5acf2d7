// Doctors list: the generated list plus the days left on each subscription.
import { Table } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { ListPage } from '../../engine/ListPage';
import { useT } from '../../i18n/useT';
import { RemainingDays } from './RemainingDays';

const tenants = resourceByName('tenants');

export default function DoctorList() {
  const t = useT();
  const extraColumns = (
    <Table.Column<BaseRecord>
      key="remaining_days"
      title={t('doctors.remainingDays', 'Remaining days')}
      render={(_, record) => <RemainingDays end={record.subscription_end} status={record.status} />}
    />
  );
  return <ListPage def={tenants} extras={{ extraColumns }} />;
}
