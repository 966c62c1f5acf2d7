// The list's one-click changes declared on a resource: a boolean switched in its row (`toggle`)
// and the declared row actions (`rowActions`: an invoice marked paid). Each is a PATCH of the
// row's record (a refusal toasted by Refine with the server's reason), or a POST to its route.
import { Button, Popconfirm, Switch } from 'antd';
import { type BaseKey, type BaseRecord, useInvalidate, useUpdate } from '@refinedev/core';
import type { ResourceDef, RowAction } from '../../shared/resource';
import { fieldLabel } from '../../shared/labels';
import { useT } from '../i18n/useT';
import { menuIcon } from '../layout/icons';
import type { ActionCall } from './useAction';
import { useAction } from './useAction';

/** `label`: what the switch is read out as, when the field's name says too little (a section's name). */
export function InlineToggle({ def, name, record, label }: { def: ResourceDef; name: string; record: BaseRecord; label?: string }) {
  const t = useT();
  const { mutate, mutation } = useUpdate();
  return (
    <Switch
      size="small"
      checked={!!record[name]}
      loading={mutation.isPending}
      data-testid={`toggle-${name}-${String(record.id)}`}
      aria-label={label ?? fieldLabel(t, def, name)}
      onChange={(on) =>
        mutate(
          { resource: def.name, id: record.id ?? '', values: { [name]: on }, successNotification: () => ({ type: 'success', message: t('notifications.saved', 'Saved') }) },
        )
      }
    />
  );
}

/** Whether a row holds the values an action asks for. */
export function offered(action: RowAction, record: BaseRecord): boolean {
  return Object.entries(action.when ?? {}).every(([field, value]) => (typeof value === 'boolean' ? !!record[field] === value : record[field] === value));
}

/** One row's action as a request: its PATCH, or its POST (the API checks it as for the row alone). */
export function rowActionCall(def: ResourceDef, action: RowAction, id: BaseKey): ActionCall<unknown> {
  return action.post ? { url: `/${def.path}/${String(id)}/${action.post}` } : { url: `/${def.path}/${String(id)}`, method: 'patch', values: action.set };
}

export function RowActionButton({ def, action, record }: { def: ResourceDef; action: RowAction; record: BaseRecord }) {
  const t = useT();
  const invalidate = useInvalidate();
  const { mutate, mutation } = useUpdate();
  const { run, busy } = useAction({ success: t(action.done), invalidates: [def.name, ...(action.invalidates ?? [])] });
  if (record.id === undefined || !offered(action, record)) return null;
  const confirm = () => {
    if (!action.post) {
      // Refine reads the row's resource again; the declared others are read again here.
      mutate(
        { resource: def.name, id: record.id!, values: action.set ?? {}, successNotification: () => ({ type: 'success', message: t(action.done) }) },
        { onSuccess: () => (action.invalidates ?? []).forEach((resource) => void invalidate({ resource, invalidates: ['all'] })) },
      );
      return;
    }
    void run(rowActionCall(def, action, record.id!)).catch(() => undefined);
  };
  return (
    <Popconfirm
      title={t('common.areYouSure', 'Are you sure?')}
      description={t(action.confirm)}
      okText={t(action.label)}
      cancelText={t('buttons.cancel', 'Cancel')}
      onConfirm={confirm}
    >
      <Button size="small" icon={menuIcon(action.icon)} loading={mutation.isPending || busy} data-testid={`row-${action.key}`}>
        {t(action.label)}
      </Button>
    </Popconfirm>
  );
}
