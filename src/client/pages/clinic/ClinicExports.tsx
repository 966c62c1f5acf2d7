// Settings -> Copy of the clinic's data (Main Doctor): ask for the whole copy, watch it being
// prepared in the background, download the ZIP for 24 hours. The list refreshes itself only while
// a copy is being made.
import { useState } from 'react';
import { Alert, Button, Card, Empty, Progress, Space, Table, Tag } from 'antd';
import { CloudDownloadOutlined, DownloadOutlined } from '@ant-design/icons';
import { useInvalidate, useList } from '@refinedev/core';
import type { ExportStatus } from '../../../../resources/exports';
import { useT } from '../../i18n/useT';
import { type FileAnswer, newIdempotencyKey } from '../../providers/http';
import { saveFile } from '../../engine/saveFile';
import { useAction, useAsk } from '../../engine/useAction';
import { instantText } from '../../engine/instant';

interface ClinicCopy {
  id: number;
  status: ExportStatus;
  progress: number;
  size: number | null;
  created_at: string;
  finished_at: string | null;
  expires_at: string | null;
  download_url: string | null;
  error: string | null;
}

const COLORS: Record<ExportStatus, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', expired: 'default' };
const busy = (c: ClinicCopy) => c.status === 'queued' || c.status === 'running';

/** "12.4 MB" (sizes are shown left to right whatever the language). */
function sizeText(bytes: number | null): string {
  if (bytes === null) return '';
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit ? 1 : 0)} ${units[unit]}`;
}

const when = (value: string | null) => (value ? <bdi dir="ltr">{instantText(value)}</bdi> : null);

export default function ClinicExports() {
  const t = useT();
  const { run, busy: asking } = useAction({ success: t('exports.requested', 'The copy is being prepared.'), invalidates: [{ resource: 'exports', invalidates: ['list'] }] });
  const ask = useAsk();
  const invalidate = useInvalidate();
  const [fetching, setFetching] = useState<number | null>(null);
  const { result, query } = useList<ClinicCopy>({
    resource: 'exports',
    pagination: { pageSize: 20 },
    sorters: [{ field: 'created_at', order: 'desc' }],
    // Follows a copy being made; idle otherwise.
    queryOptions: { refetchInterval: (q) => ((q.state.data?.data as ClinicCopy[] | undefined)?.some(busy) ? 1500 : false) },
  });
  const copies = result.data ?? [];
  const inProgress = copies.some(busy);

  const request = () => void run({ url: '/exports', headers: { 'Idempotency-Key': newIdempotencyKey() } }).catch(() => undefined);

  // A read at a click: the row's button keeps its own busy state.
  const fetchZip = async (c: ClinicCopy) => {
    setFetching(c.id);
    try {
      saveFile(await ask<FileAnswer>(`/exports/${c.id}/download`, { file: true, accept: 'application/zip' }), `clinic-${c.id}.zip`);
    } catch {
      // Gone meanwhile (expired): the list says so once read again.
      await invalidate({ resource: 'exports', invalidates: ['list'] });
    } finally {
      setFetching(null);
    }
  };

  return (
    <Card
      title={t('resources.exports.title', "Copy of the clinic's data")}
      extra={
        <Button type="primary" icon={<CloudDownloadOutlined />} loading={asking} disabled={inProgress} onClick={request} data-testid="export-request">
          {t('exports.request', 'Ask for a copy')}
        </Button>
      }
    >
      <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('exports.intro', '')} />
      <Table<ClinicCopy>
        rowKey="id"
        loading={query.isLoading}
        dataSource={copies}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: <Empty description={t('exports.empty', 'No copy has been asked for yet.')} /> }}
        columns={[
          { title: t('fields.created_at', 'Created'), dataIndex: 'created_at', render: when },
          {
            title: t('resources.exports.fields.status', 'Status'),
            dataIndex: 'status',
            render: (status: ExportStatus, c) => (
              <Space direction="vertical" size={2} style={{ minWidth: 140 }}>
                <Tag color={COLORS[status]} data-testid={`export-status-${c.id}`}>
                  {t(`resources.exports.statuses.${status}`, status)}
                </Tag>
                {busy(c) && <Progress aria-label={t(`resources.exports.statuses.${status}`, status)} percent={c.progress} size="small" status="active" />}
                {c.error && <span style={{ color: '#b91c1c' }}>{t(c.error, '')}</span>}
              </Space>
            ),
          },
          { title: t('resources.exports.fields.size', 'Size'), dataIndex: 'size', render: (v: number | null) => <bdi dir="ltr">{sizeText(v)}</bdi> },
          { title: t('resources.exports.fields.expires_at', 'Download until'), dataIndex: 'expires_at', render: (v: string | null, c) => (c.status === 'done' ? when(v) : null) },
          {
            title: '',
            key: 'download',
            render: (_: unknown, c) =>
              c.status === 'done' && (
                <Button icon={<DownloadOutlined />} loading={fetching === c.id} onClick={() => void fetchZip(c)} data-testid={`export-download-${c.id}`}>
                  {t('exports.download', 'Download ZIP')}
                </Button>
              ),
          },
        ]}
      />
    </Card>
  );
}
