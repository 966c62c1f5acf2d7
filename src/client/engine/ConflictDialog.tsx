// Someone else saved the record while it was open here (the server answered 412 with the record
// as it is now). Names the fields they changed and lets the user take theirs, or put their own
// changes on top of theirs (only the fields this user changed are sent again).
import { Button, Modal, Typography } from 'antd';
import type { BaseRecord } from '@refinedev/core';
import type { ResourceDef } from '../../shared/resource';
import { writableFields } from '../../shared/resource';
import { useT } from '../i18n/useT';
import { changedOnly, writableBody } from '../providers/dataProvider';
import { fieldLabel } from '../../shared/labels';

/** The writable fields whose value differs between two versions of a record. */
export function fieldsChanged(def: ResourceDef, before: Record<string, unknown>, after: Record<string, unknown>): string[] {
  return Object.keys(changedOnly(writableBody(def.name, after, 'update'), before)).filter((name) => writableFields(def).some(([n]) => n === name));
}

export function ConflictDialog(props: {
  def: ResourceDef;
  /** The record as this form loaded it, what the server has now, and this form's values. */
  loaded: BaseRecord;
  current: BaseRecord;
  mine: Record<string, unknown>;
  onReload: () => void;
  onApplyMine: (merged: Record<string, unknown>) => void;
  onCancel: () => void;
}) {
  const { def, loaded, current, mine } = props;
  const t = useT();
  const theirs = fieldsChanged(def, loaded, current);
  const myChanges = changedOnly(writableBody(def.name, mine, 'update'), loaded);
  return (
    <Modal
      open
      title={t('conflict.title', 'Someone else changed this record')}
      onCancel={props.onCancel}
      footer={[
        <Button key="reload" onClick={props.onReload} data-testid="conflict-reload">
          {t('conflict.reload', 'Reload their version')}
        </Button>,
        <Button key="mine" type="primary" onClick={() => props.onApplyMine({ ...writableBody(def.name, current, 'update'), ...myChanges })} data-testid="conflict-apply">
          {t('conflict.applyMine', 'Apply my changes on top')}
        </Button>,
      ]}
      data-testid="conflict-dialog"
    >
      <Typography.Paragraph>{t('conflict.explain', 'While you were editing, another user saved this record. They changed:')}</Typography.Paragraph>
      <ul data-testid="conflict-fields">
        {(theirs.length ? theirs : ['—']).map((name) => (
          <li key={name}>{name === '—' ? name : fieldLabel(t, def, name)}</li>
        ))}
      </ul>
      {Object.keys(myChanges).length > 0 && (
        <Typography.Paragraph type="secondary">
          {t('conflict.yours', 'Your changes')}: {Object.keys(myChanges).map((name) => fieldLabel(t, def, name)).join('، ')}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
