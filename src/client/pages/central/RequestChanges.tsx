// What one request asks for, as the Owner decides on it: the changed fields only, before -> after,
// in the reader's language (enums and relations by their labels); for a delete, whom it deletes;
// once rejected, the reason given.
import { Alert, Grid, Space, Table, Typography } from 'antd';
import { ArrowLeftOutlined, ArrowRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { isRtl } from '../../i18n';
import type { BaseRecord } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { FieldValue, RelationValue } from '../../engine/FieldValue';
import { fieldLabel } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { type ChangeRow, requestChanges, requestDoctorName, requestSubdomain } from './requestLabels';

const tenants = resourceByName('tenants');
const requests = resourceByName('doctorRequests');

/** A name or subdomain kept in its own direction inside right-to-left text (first strong isolate). */
const isolate = (text: string) => `\u2068${text}\u2069`;

function Value({ name, value }: { name: string; value: unknown }) {
  const t = useT();
  const field = tenants.fields[name];
  if (field.type === 'password') return value === null ? <Typography.Text type="secondary">—</Typography.Text> : <span>{t('requests.passwordChanged', 'A new password')}</span>;
  return field.type === 'relation' ? <RelationValue field={field} value={value} /> : <FieldValue name={name} field={field} value={value} />;
}

/** On a phone: one block per field, before -> after under its label (a table would scroll sideways). */
function ChangeList({ rows, showBefore }: { rows: ChangeRow[]; showBefore: boolean }) {
  const t = useT();
  const { i18n } = useTranslation();
  const Arrow = isRtl(i18n.language) ? ArrowLeftOutlined : ArrowRightOutlined;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="request-diff">
      {rows.map((r) => (
        <div key={r.name} data-testid="request-diff-row">
          <Typography.Text strong>{fieldLabel(t, tenants, r.name)}</Typography.Text>
          <div>
            {showBefore && (
              <>
                <Value name={r.name} value={r.before} /> <Arrow aria-label={t('requests.after', 'After')} style={{ marginInline: 6 }} />{' '}
              </>
            )}
            <Value name={r.name} value={r.after} />
          </div>
        </div>
      ))}
    </Space>
  );
}

export function RequestChanges({ request }: { request: BaseRecord }) {
  const t = useT();
  const wide = Grid.useBreakpoint().md !== false;
  const kind = String(request.kind);
  const rows = requestChanges(request, (name) => !!tenants.fields[name]).map((row) =>
    // A new password has no "after" value to show, only that it is set.
    tenants.fields[row.name].type === 'password' ? { ...row, after: true } : row,
  );
  const showBefore = rows.some((r) => r.hasBefore);
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid={`request-changes-${String(request.id)}`}>
      {kind === 'delete' ? (
        <Alert
          type="error"
          showIcon
          data-testid="request-delete-whom"
          message={t('requests.deleteWhom', { name: isolate(requestDoctorName(request, [])), subdomain: isolate(requestSubdomain(request) ?? '—') })}
        />
      ) : !wide ? (
        <ChangeList rows={rows} showBefore={showBefore} />
      ) : (
        <Table<ChangeRow> size="small" pagination={false} rowKey="name" dataSource={rows} scroll={{ x: true }} data-testid="request-diff">
          <Table.Column<ChangeRow> key="field" title={t('requests.field', 'Field')} render={(_, r) => <Typography.Text strong>{fieldLabel(t, tenants, r.name)}</Typography.Text>} />
          {showBefore && <Table.Column<ChangeRow> key="before" title={t('requests.before', 'Before')} render={(_, r) => <Value name={r.name} value={r.before} />} />}
          <Table.Column<ChangeRow> key="after" title={t('requests.after', 'After')} render={(_, r) => <Value name={r.name} value={r.after} />} />
        </Table>
      )}
      {typeof request.reason === 'string' && request.reason && (
        <Typography.Paragraph data-testid="request-reason" style={{ marginBottom: 0 }}>
          <Typography.Text strong>{fieldLabel(t, requests, 'reason')}: </Typography.Text>
          {request.reason}
        </Typography.Paragraph>
      )}
    </Space>
  );
}
