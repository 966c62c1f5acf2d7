// The ticked rows of a generated list and what may be done to them all at once: the declared row
// actions marked `bulk` (invoices marked paid) and, where declared, deleting them (`bulkDelete`).
// Each row is sent as its own request, so the API checks each as if alone; what was refused is
// counted and said, and the list is read again.
import { useState } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import { Text } from './Text';
import { DeleteOutlined } from '@ant-design/icons';
import { type BaseRecord, useInvalidate, useNotification } from '@refinedev/core';
import { type ResourceDef, type RowAction, rowActionTexts } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { menuIcon } from '../layout/icons';
import { offered, rowActionCall } from './RowActions';
import { type ActionCall, useAction } from './useAction';

export function bulkActionsOf(def: ResourceDef, canEdit: boolean, canDelete: boolean): { actions: RowAction[]; remove: boolean } {
  return { actions: canEdit ? (def.rowActions ?? []).filter((a) => a.bulk) : [], remove: canDelete && !!def.bulkDelete };
}

export function BulkBar({ def, rows, actions, remove, onDone }: { def: ResourceDef; rows: BaseRecord[]; actions: RowAction[]; remove: boolean; onDone: () => void }) {
  const t = useT();
  const invalidate = useInvalidate();
  const { open } = useNotification();
  // Each row's refusal is counted, not told: one notice says how many were refused.
  const { run: runOne } = useAction({ failure: false });
  // The whole run, not one request, keeps the buttons busy.
  const [busy, setBusy] = useState(false);
  /** `done`: the notice, already in the reader's language. */
  const run = async (each: (row: BaseRecord) => ActionCall<unknown>, done: string, invalidates: readonly string[] = []) => {
    setBusy(true);
    let refused = 0;
    // One after another: a clinic's rules (plan limits, versions) are met row by row. Quiet: a
    // row's failure sends nobody to an error screen in the middle of the run.
    for (const row of rows) await runOne({ ...each(row), meta: { quiet: true } }).catch(() => refused++);
    setBusy(false);
    if (refused) open?.({ type: 'error', message: t('lists.bulkRefused', { count: refused, total: rows.length, defaultValue: '{{count}} of {{total}} were refused' }) });
    else open?.({ type: 'success', message: done });
    for (const resource of [def.name, ...invalidates]) void invalidate({ resource, invalidates: ['all'] });
    onDone();
  };
  if (!rows.length) return null;
  return (
    <Space wrap style={{ marginBottom: 12 }} data-testid="bulk-bar">
      <Text strong>{t('lists.selected', { count: rows.length, defaultValue: '{{count}} selected' })}</Text>
      {actions.map((action) => {
        const targets = rows.filter((r) => offered(action, r));
        // Two rows are "these 2 invoices", never "this invoice".
        const texts = rowActionTexts(action, targets.length);
        return (
          <Popconfirm
            key={action.key}
            title={t('common.areYouSure', 'Are you sure?')}
            description={<span data-testid={`bulk-${action.key}-confirm`}>{t(texts.confirm, { count: texts.count })}</span>}
            okText={t(action.label)}
            cancelText={t('buttons.cancel', 'Cancel')}
            disabled={!targets.length}
            onConfirm={() => void run((row) => rowActionCall(def, action, row.id!), t(texts.done, { count: texts.count }), action.invalidates)}
          >
            <Button icon={action.icon ? menuIcon(action.icon) : undefined} loading={busy} disabled={!targets.length} data-testid={`bulk-${action.key}`}>
              {t(action.label)} ({targets.length})
            </Button>
          </Popconfirm>
        );
      })}
      {remove && (
        <Popconfirm
          title={t('common.areYouSure', 'Are you sure?')}
          description={t('lists.bulkDeleteConfirm', { count: rows.length, defaultValue: 'Delete the {{count}} ticked records? Those other records use are archived instead.' })}
          okText={t('buttons.delete', 'Delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('buttons.cancel', 'Cancel')}
          onConfirm={() => void run((row) => ({ url: `/${def.path}/${String(row.id)}`, method: 'delete' }), t('lists.bulkDeleted'))}
        >
          <Button danger icon={<DeleteOutlined />} loading={busy} data-testid="bulk-delete">
            {t('buttons.delete', 'Delete')} ({rows.length})
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}
