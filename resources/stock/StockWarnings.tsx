// The stock's card on the clinic's dashboard (GET /stock-items/alerts, resources/stock/routes.ts):
// items at or under their reorder level, and those expiring soon; each opens its item. Read again
// when anyone changes an item or a movement; nothing shown while all is well or on a failed read
// (the dashboard's other cards stay). Not kept on the device: read before a cut, the cards stay and
// say as of when (engine/ReadBeforeCut.tsx), as the dashboard's counts do.
import { Alert, Space } from 'antd';
import { Link } from 'react-router';
import { resourceByName } from '../index';
import { resourcePaths } from '../../src/client/engine/nav';
import { useApiGet } from '../../src/client/engine/useApiGet';
import { useT } from '../../src/client/i18n/useT';
import { ReadBeforeCut } from '../../src/client/engine/ReadBeforeCut';
import type { StockAlerts } from './alerts';

const itemPage = resourcePaths(resourceByName('stockItems')).show;
const itemLink = (id: number, name: string) => <Link to={`/${itemPage.replace(':id', String(id))}`}>{name}</Link>;
const SOURCES = ['stockItems', 'stockMovements'];

export default function StockWarnings() {
  const t = useT();
  const { data, readAt } = useApiGet<{ data: StockAlerts }>('/stock-items/alerts', undefined, true, SOURCES, true);
  const alerts = data?.data;
  if (!alerts || (!alerts.low.length && !alerts.expiring.length)) return null;
  const list = (items: { id: number; name: string; text: string }[]) => (
    <Space direction="vertical" size={2}>
      {items.map((i) => (
        <span key={i.id} data-testid={`stock-alert-${i.id}`}>
          {itemLink(i.id, i.name)} — {i.text}
        </span>
      ))}
    </Space>
  );
  const sections = [
    { key: 'low', type: 'warning' as const, title: t('clinic.lowStock', 'Low stock'), items: alerts.low.map((i) => ({ id: i.id, name: i.name, text: t('clinic.stockLeft', { stock: `${i.stock}${i.unit ? ` ${i.unit}` : ''}`, level: i.reorder_level }) })) },
    { key: 'expiring', type: 'error' as const, title: t('clinic.nearExpiry', 'Expiring soon'), items: alerts.expiring.map((i) => ({ id: i.id, name: i.name, text: i.expiry_date })) },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="stock-warnings">
      <ReadBeforeCut readAt={readAt} />
      {sections
        .filter((section) => section.items.length)
        .map((section) => (
          <Alert key={section.key} type={section.type} showIcon data-testid={`stock-${section.key}`} message={section.title} description={list(section.items)} />
        ))}
    </Space>
  );
}
