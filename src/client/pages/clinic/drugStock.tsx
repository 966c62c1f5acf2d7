// The stock of the catalog's drugs kept as stock items (resources/stock): shown beside a drug in
// the prescribing picker, and dispensed from a saved visit's prescription line.
import { Button, Space, Typography } from 'antd';
import { MedicineBoxOutlined } from '@ant-design/icons';
import { type BaseRecord, type HttpError, useList } from '@refinedev/core';
import { useMemo, useState } from 'react';
import { MAX_PER_PAGE } from '../../../shared/resource';
import { NumberInput } from '../../engine/digitInputs';
import { useAction } from '../../engine/useAction';
import { useT } from '../../i18n/useT';
import { useMayWork } from './status';
import { clinicToday } from '../../engine/instant';

export interface DrugStock {
  itemId: number;
  stock: number;
  unit: string | null;
}

/** The stock items of these drugs, by drug (none for those who may not read the stock). */
export function useDrugStock(drugIds: readonly number[]): Map<number, DrugStock> {
  const may = useMayWork('stockItems', 'read');
  const ids = [...new Set(drugIds)].sort((a, b) => a - b);
  const { result } = useList<BaseRecord>({
    resource: 'stockItems',
    filters: [{ field: 'drug_id', operator: 'in', value: ids }],
    pagination: { pageSize: MAX_PER_PAGE, currentPage: 1 },
    queryOptions: { enabled: may && ids.length > 0 },
  });
  return useMemo(
    () => new Map((result.data ?? []).map((r) => [Number(r.drug_id), { itemId: Number(r.id), stock: Number(r.stock), unit: (r.unit as string | null) ?? null }])),
    [result.data],
  );
}

/** "12 box in stock". */
export function useStockText(): (s: DrugStock) => string {
  const t = useT();
  return (s) => t('clinic.inStock', { stock: `${s.stock}${s.unit ? ` ${s.unit}` : ''}` });
}

/** Gives a saved visit's prescription line from the stock: a movement out naming the visit and the line. */
export function DispenseButton({ visitId, line, stock }: { visitId: number; line: number; stock: DrugStock }) {
  const t = useT();
  const may = useMayWork('stockMovements', 'create');
  const stockText = useStockText();
  const [quantity, setQuantity] = useState<number | null>(1);
  const [error, setError] = useState<string>();
  const [open, setOpen] = useState(false);
  const { run, busy } = useDispense();
  if (!may) return null;
  const dispense = async () => {
    setError(undefined);
    const values = { stock_item_id: stock.itemId, kind: 'out', quantity, date: clinicToday(), visiting_id: visitId, prescription_line: line };
    await run(values, (e) => setError(firstError(e)))
      .then(() => setOpen(false))
      .catch(() => undefined);
  };
  const form = (
    <Space direction="vertical">
      <Typography.Text type="secondary">{stockText(stock)}</Typography.Text>
      <Space>
        <NumberInput id={`rx-${line}-dispense-quantity`} aria-label={t('resources.stockMovements.fields.quantity', 'Quantity')} min={0.01} value={quantity} onChange={setQuantity} />
        <Button type="primary" loading={busy} disabled={!quantity} onClick={dispense} data-testid={`rx-dispense-ok-${line}`}>
          {t('clinic.dispense', 'Dispense')}
        </Button>
      </Space>
      {error && <Typography.Text type="danger" data-testid={`rx-dispense-error-${line}`}>{error}</Typography.Text>}
    </Space>
  );
  // Opened in place, not in a popover: a popover floating over the line redrew and moved with
  // every refresh of the visit (its stock, its payments), and a hurried tap closed it again.
  return (
    <Space direction="vertical" size={4}>
      <Button icon={<MedicineBoxOutlined />} onClick={() => setOpen((was) => !was)} aria-expanded={open} data-testid={`rx-dispense-${line}`}>
        {t('clinic.dispense', 'Dispense')}
      </Button>
      {open && form}
    </Space>
  );
}

/** The server's reason on the first field it names ("Not enough in stock: only 3 box left"). */
function firstError(e: HttpError): string {
  const first = Object.values(e.errors ?? {}).flat()[0];
  return typeof first === 'string' ? first : e.message;
}

function useDispense() {
  const t = useT();
  const { run, busy } = useAction({ success: t('clinic.dispensed', 'Dispensed'), invalidates: ['stockItems', 'stockMovements'], refreshes: ['/stock-items/alerts'] });
  return {
    busy,
    run: (values: Record<string, unknown>, refused: (e: HttpError) => void) =>
      run({ url: '/stock-movements', values, failure: (e) => (e.statusCode === 422 ? (refused(e), false) : undefined) }),
  };
}
