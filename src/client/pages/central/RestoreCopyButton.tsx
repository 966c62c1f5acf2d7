// The Owner restores a clinic's copy (the ZIP its Main Doctor downloaded) into this new, empty
// clinic, on the doctor's request. The server refuses a clinic that already has records.
import { useState } from 'react';
import { Alert, Button, Modal, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { ApiError } from '../../providers/http';
import { onFields, useAction } from '../../engine/useAction';

export function RestoreCopyButton({ id }: { id: string | number }) {
  const t = useT();
  // A refusal on the file (not a copy, too large) is said in the dialog; others are toasted.
  const { run, busy: saving } = useAction<{ message: string }>({ success: (answer) => answer.message, failure: onFields, invalidates: [{ resource: 'tenants', id, invalidates: ['detail'] }] });
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!file) return setError(t('validation.required', 'This field is required'));
    setError(null);
    const body = new FormData();
    body.append('file', file);
    try {
      await run({ url: `/tenants/${id}/restore`, values: body });
      setOpen(false);
      setFile(null);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 422) setError(err.errors?.file?.[0] ?? err.message);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="restore-copy-open">
        {t('restore.open', 'Restore from a copy')}
      </Button>
      <Modal
        open={open}
        title={t('restore.open', 'Restore from a copy')}
        okText={t('restore.submit', 'Restore')}
        cancelText={t('buttons.cancel', 'Cancel')}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        confirmLoading={saving}
        destroyOnHidden
      >
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('restore.hint', '')} />
        <Upload.Dragger
          accept=".zip,application/zip"
          maxCount={1}
          beforeUpload={(f) => {
            setFile(f);
            setError(null);
            return false;
          }}
          onRemove={() => setFile(null)}
          fileList={file ? [{ uid: 'copy', name: file.name, status: 'done' }] : []}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p>{t('restore.choose', 'Choose the ZIP file of the copy')}</p>
        </Upload.Dragger>
        {error && <Alert type="error" showIcon role="alert" style={{ marginTop: 12 }} message={error} />}
      </Modal>
    </>
  );
}
