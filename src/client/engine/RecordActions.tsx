// What a record's page adds below its details, from the declaration: its record actions (a POST
// to <path>/:id/<post>, confirmed first) and its hand-made panels. The API checks the same rule
// (offersRecordAction) before it acts; a refusal is told by the transport.
import { Suspense } from 'react';
import { Button, Popconfirm, Space } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import { type RecordAction, type ResourceDef, offersRecordAction } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { menuIcon } from '../layout/icons';
import { getSession } from '../providers/session';
import { panelOf } from './parts';
import { useAction } from './useAction';
import { isProvisional } from './WaitingMark';

function RecordActionButton({ def, action, id }: { def: ResourceDef; action: RecordAction; id: number }) {
  const t = useT();
  const { run } = useAction({ success: t(action.done), invalidates: [{ resource: def.name, id, invalidates: ['detail'] }] });
  return (
    <Popconfirm
      title={t(action.confirm)}
      okText={t(action.label)}
      cancelText={t('buttons.cancel', 'Cancel')}
      // The confirmation keeps its button busy until the answer (Popconfirm awaits it).
      onConfirm={() => run({ url: `/${def.path}/${id}/${action.post}` }).catch(() => undefined)}
    >
      <Button icon={menuIcon(action.icon)} data-testid={action.key}>
        {t(action.label)}
      </Button>
    </Popconfirm>
  );
}

/** Whether a record holds any of the values a panel is hidden for. */
function hidden(unless: Readonly<Record<string, string | number | boolean>> | undefined, record: BaseRecord): boolean {
  return Object.entries(unless ?? {}).some(([field, value]) => record[field] === value);
}

export function RecordExtras({ def, record }: { def: ResourceDef; record: BaseRecord }) {
  const id = Number(record.id);
  const user = getSession().user;
  // A record not on the server yet has no id there to post an action to (its panels may still print it).
  const actions = isProvisional(record) ? [] : (def.recordActions ?? []).filter((a) => offersRecordAction(a, user, id));
  const panels = (def.panels ?? []).filter((p) => !hidden(p.unless, record));
  return (
    <>
      {actions.length > 0 && (
        <Space wrap style={{ marginTop: 16 }}>
          {actions.map((action) => (
            <RecordActionButton key={action.key} def={def} action={action} id={id} />
          ))}
        </Space>
      )}
      {panels.map(({ name }) => {
        const Panel = panelOf(name);
        if (!Panel) return null;
        return (
          <Suspense key={name} fallback={null}>
            <Panel record={record} />
          </Suspense>
        );
      })}
    </>
  );
}
