// The patient's files tab: the patient's own papers (a result brought from outside, photographed
// or uploaded here) and every visit's attachments, newest visit first, each as a thumbnail (click:
// the full picture) or a document's name. The thumbnails are the stored pages drawn small: a
// photographed page is already under 1 MB (engine/capture), so no second, smaller copy is kept.
import { Button, Empty, Skeleton, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { type BaseRecord, useList, useUpdate } from '@refinedev/core';
import { resourceByName } from '../../../../resources';
import { fieldLabel } from '../../../shared/labels';
import { useT } from '../../i18n/useT';
import { FileInput } from '../../engine/FileInput';
import { FileValue } from '../../engine/FileValue';
import { LoadError } from '../../engine/LoadError';
import { TakePhoto } from '../../engine/TakePhoto';
import { useCanDo } from '../../engine/useCanDo';
import { FieldValue } from '../../engine/FieldValue';

type Item = Record<string, unknown>;
const patients = resourceByName('patients');
const visitings = resourceByName('visitings');
const documentsField = patients.fields.documents;
const fileField = documentsField.items?.upload_id ?? { type: 'file' as const };
const MAX_DOCUMENTS = documentsField.maxItems ?? 20;

const itemsOf = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);

function Tiles({ items, onRemove }: { items: Item[]; onRemove?: (index: number) => void }) {
  const t = useT();
  return (
    <Space wrap size="middle" align="start">
      {items.map((item, index) => (
        <Space key={`${String(item.upload_id)}-${index}`} direction="vertical" size={2} align="center" data-testid="patient-file">
          <FileValue field={fileField} value={item.upload_id} size={96} />
          {typeof item.note === 'string' && item.note && <Typography.Text type="secondary" style={{ fontSize: 12 }}>{item.note}</Typography.Text>}
          {onRemove && <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('files.remove', 'Remove')} onClick={() => onRemove(index)} />}
        </Space>
      ))}
    </Space>
  );
}

export function PatientFiles({ patient, visitsReadable }: { patient: BaseRecord | undefined; visitsReadable: boolean }) {
  const t = useT();
  const mayEdit = useCanDo(patients, 'update');
  const { mutateAsync } = useUpdate();
  const visits = useList({
    resource: 'visitings',
    filters: [{ field: 'patient_id', operator: 'eq', value: patient?.id }],
    sorters: [{ field: 'date', order: 'desc' }],
    pagination: { pageSize: 100 },
    queryOptions: { enabled: visitsReadable && !!patient?.id },
  });
  if (!patient) return <Skeleton active />;
  const documents = itemsOf(patient.documents);
  const save = (next: Item[]) => mutateAsync({ resource: 'patients', id: String(patient.id), values: { documents: next }, successNotification: false });
  const withFiles = (visits.result.data ?? []).filter((v) => itemsOf(v.attachments).length > 0);

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="patient-files">
      <section data-testid="patient-documents">
        <Typography.Title level={5}>{fieldLabel(t, patients, 'documents')}</Typography.Title>
        {documents.length ? <Tiles items={documents} onRemove={mayEdit ? (i) => void save(documents.filter((_, j) => j !== i)) : undefined} /> : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('files.none', 'No files yet')} />}
        {mayEdit && documents.length < MAX_DOCUMENTS && (
          <Space wrap align="start" style={{ marginTop: 8 }}>
            <TakePhoto name="documents" field={fileField} multiple onAdded={(files) => void save([...documents, ...files.slice(0, MAX_DOCUMENTS - documents.length).map((f) => ({ upload_id: f.id }))])} />
            <FileInput name="documents-new" field={fileField} value={null} onChange={(id) => id !== null && void save([...documents, { upload_id: id }])} />
          </Space>
        )}
      </section>
      {visitsReadable && (
        <section data-testid="visit-files">
          <Typography.Title level={5}>{t('files.fromVisits', 'From visits')}</Typography.Title>
          {visits.query.isLoading ? (
            <Skeleton active />
          ) : visits.query.isError ? (
            <LoadError onRetry={() => void visits.query.refetch()} retrying={visits.query.isFetching} />
          ) : withFiles.length ? (
            <Space direction="vertical" style={{ width: '100%' }}>
              {withFiles.map((visit) => (
                <div key={String(visit.id)} data-testid={`visit-files-${String(visit.id)}`}>
                  <Typography.Text strong>
                    {fieldLabel(t, visitings, 'date')}: <FieldValue name="date" field={visitings.fields.date} value={visit.date} />
                  </Typography.Text>
                  <div style={{ marginTop: 4 }}>
                    <Tiles items={itemsOf(visit.attachments)} />
                  </div>
                </div>
              ))}
            </Space>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('files.noneFromVisits', 'No files on any visit')} />
          )}
        </section>
      )}
    </Space>
  );
}
