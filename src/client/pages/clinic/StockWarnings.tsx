// The dashboard's stock warnings (src/server/modules/stock.ts): items at or under their reorder
// level, and those expiring within 30 days; each opens its item.
import { Alert, Space } from 'antd';
import { Link } from 'react-router';
import { resourceByName } from '../../../../resources';
import { resourcePaths } from '../../engine/nav';
import { useT } from '../../i18n/useT';

export interface StockAlerts {
  low: { id: number; name: string; unit: string | null; stock: number; reorder_level: number }[];
  expiring: { id: number; name: string; expiry_date: string }[];
}

const itemPage = resourcePaths(resourceByName('stockItems')).show;
const itemLink = (id: number, name: string) => <Link to={`/${itemPage.replace(':id', String(id))}`}>{name}</Link>;

export function StockWarnings({ alerts }: { alerts: StockAlerts }) {
  const t = useT();
  if (!alerts.low.length && !alerts.expiring.length) return null;
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
      {sections
        .filter((section) => section.items.length)
        .map((section) => (
          <Alert key={section.key} type={section.type} showIcon data-testid={`stock-${section.key}`} message={section.title} description={list(section.items)} />
        ))}
    </Space>
  );
}
