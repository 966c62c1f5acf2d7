// The Owner restores a clinic's copy (the ZIP its Main Doctor downloaded) into this new, empty
// clinic, on the doctor's request. The upload answers at once with a job (the server refuses a
// clinic that already has records); the job's phase and progress are followed here, then its
// result or why it failed, in the reader's language.
import { useState } from 'react';
import { Alert, Button, Modal, Progress, Upload } from 'antd';
import { InboxOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { useT } from '../../i18n/useT';
import { ApiError } from '../../providers/http';
import { onFields, useAction } from '../../engine/useAction';

interface RestoreJob {
  status: 'none' | 'queued' | 'running' | 'done' | 'failed';
  phase?: string | null;
  done?: number;
  total?: number;
  result?: { records: Record<string, number>; files: number; missing_files?: number } | null;
  error?: { key: string; vars: Record<string, string>; message: string } | null;
}

const busy = (job: RestoreJob | undefined) => job?.status === 'queued' || job?.status === 'running';

const restoreUrl = (id: string | number) => `/tenants/${id}/restore`;

/** The clinic's latest restore, followed while it runs (after a reload too), through the data provider; one query for the button and the status. */
function useRestoreJob(id: string | number): RestoreJob | undefined {
  const { result } = useCustom<{ data: RestoreJob }>({
    url: restoreUrl(id),
    method: 'get',
    meta: { quiet: true },
    errorNotification: false,
    queryOptions: { refetchInterval: (q) => (busy(q.state.data?.data?.data) ? 1000 : false) },
  });
  return result.data?.data;
}

/** Where the restore is, then its result or why it failed: under the page's title, at the page's width. */
export function RestoreStatus({ id }: { id: string | number }) {
  const t = useT();
  const job = useRestoreJob(id);
  const records = job?.result ? Object.values(job.result.records).reduce((a, b) => a + b, 0) : 0;
  const percent = job?.total ? Math.floor(((job.done ?? 0) / job.total) * 100) : 0;
  return (
    <>
      {busy(job) && (
        <div data-testid="restore-progress" role="status" aria-live="polite" style={{ marginBottom: 16 }}>
          <span>{t(`restore.${job!.status === 'queued' ? 'queued' : (job!.phase ?? 'reading')}`, '')}</span>{' '}
          {job!.total ? <bdi>{t('restore.progress', { done: job!.done ?? 0, total: job!.total })}</bdi> : null}
          <Progress percent={percent} status="active" aria-label={t('restore.open', 'Restore from a copy')} />
        </div>
      )}
      {job?.status === 'done' && (
        <Alert
          type="success"
          showIcon
          data-testid="restore-result"
          style={{ marginBottom: 16 }}
          message={t('messages.copyRestored', '')}
          description={
            <>
              {t('restore.done', { records, files: job.result?.files ?? 0 })}
              {job.result?.missing_files ? <div data-testid="restore-missing-files">{t('restore.missingFiles', { count: job.result.missing_files })}</div> : null}
            </>
          }
        />
      )}
      {job?.status === 'failed' && (
        <Alert
          type="error"
          showIcon
          role="alert"
          data-testid="restore-result"
          style={{ marginBottom: 16 }}
          message={t('restore.failed', '')}
          description={job.error ? t(job.error.key, { ...job.error.vars, defaultValue: job.error.message }) : null}
        />
      )}
    </>
  );
}

/** The header's button and its dialog. */
export function RestoreCopyButton({ id }: { id: string | number }) {
  const t = useT();
  const url = restoreUrl(id);
  const job = useRestoreJob(id);
  // A refusal on the file (not a ZIP, too large) is said in the dialog; others are toasted.
  const { run, busy: saving } = useAction<{ data: { id: number } }>({ failure: onFields, invalidates: [{ resource: 'tenants', id, invalidates: ['detail'] }] });
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  const submit = async () => {
    if (!file) return setError(t('validation.required', 'This field is required'));
    setError(null);
    const body = new FormData();
    body.append('file', file);
    try {
      await run({ url, values: body, refreshes: [url] });
      setOpen(false);
      setFile(null);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 422) setError(err.errors?.file?.[0] ?? err.message);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} disabled={busy(job)} data-testid="restore-copy-open">
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
