// The dialog that names a saved view (ListTools.tsx, SavedViews), loaded when first opened: antd's
// Modal (and the Skeleton it brings) is nothing else's on a list's first load (8 KiB gzip).
import { Modal } from 'antd';
// antd's input parts one by one: its Input module also brings the text area and OTP input.
import Input from 'antd/es/input/Input';
import { Text } from './Text';
import { useT } from '../i18n/useT';

export interface SaveViewDialogProps {
  open: boolean;
  name: string;
  onName: (name: string) => void;
  error: string | null;
  saving: boolean;
  onSave: () => void;
  onCancel: () => void;
}

export default function SaveViewDialog({ open, name, onName, error, saving, onSave, onCancel }: SaveViewDialogProps) {
  const t = useT();
  return (
    <Modal
      open={open}
      title={t('lists.saveView', 'Save view')}
      onCancel={onCancel}
      onOk={onSave}
      okButtonProps={{ disabled: !name.trim(), loading: saving, ...({ 'data-testid': 'view-save-confirm' } as Record<`data-${string}`, string>) }}
      okText={t('buttons.save', 'Save')}
      cancelText={t('buttons.cancel', 'Cancel')}
      destroyOnHidden
    >
      <Input id="view-name" autoFocus maxLength={80} value={name} onChange={(e) => onName(e.target.value)} onPressEnter={() => name.trim() && onSave()} placeholder={t('lists.viewName', 'Name of the view')} status={error ? 'error' : undefined} />
      {error && <Text type="danger">{error}</Text>}
    </Modal>
  );
}
