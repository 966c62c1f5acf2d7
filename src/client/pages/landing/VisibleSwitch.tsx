// A record's visibility on the public page, switched in place (lists and the editor hub).
import { Switch } from 'antd';
import { type BaseRecord, useUpdate } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { toast } from '../../providers/notify';

export function VisibleSwitch({ resource, record, label }: { resource: string; record: BaseRecord; label?: string }) {
  const t = useT();
  const { mutate, mutation } = useUpdate();
  return (
    <Switch
      size="small"
      checked={!!record.is_visible}
      loading={mutation.isPending}
      data-testid={`visible-${resource}-${String(record.id)}`}
      aria-label={label ?? t('fields.is_visible', 'Visible')}
      onChange={(v) =>
        mutate(
          { resource, id: record.id ?? '', values: { is_visible: v }, successNotification: false },
          { onSuccess: () => toast('success', t('notifications.saved', 'Saved')) },
        )
      }
    />
  );
}

/** The label of a central landing section by its key (hero, about, plan…). */
export function sectionLabel(t: (key: string, fallback?: string) => string, key: unknown): string {
  return t(`landing.sections.${String(key)}`, String(key));
}
