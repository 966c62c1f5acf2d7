// The landing-page editor's hub (both applications): the page's sections (or the clinic's page)
// with their visibility switches, and a link to each list of the landing-page group.
import { Button, Card, Col, Row, Space, Table, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { type BaseRecord, useList } from '@refinedev/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { resourcesOf } from '../../../../resources';
import { parseSort } from '../../engine/ListPage';
import { resourceTitle } from '../../../shared/labels';
import { resourcePaths } from '../../engine/nav';
import { useCanDo } from '../../engine/useCanDo';
import { appScope } from '../../host';
import { isLang } from '../../i18n';
import { useT } from '../../i18n/useT';
import { pickText } from './content';
import { InlineToggle } from '../../engine/RowActions';
import { sectionLabel } from './sectionLabel';
import { EditButton } from '../../engine/kit/buttons';

/** The record-per-section resource of each application. */
const SECTIONS = { central: 'landingSections', tenant: 'tenantLandingPage' } as const;

export default function LandingHub() {
  const t = useT();
  const { i18n } = useTranslation();
  const lang = isLang(i18n.language) ? i18n.language : 'ckb';
  const scope = appScope();
  const group = resourcesOf(scope)
    .filter((d) => d.menu?.parent === 'landingPage')
    .sort((a, b) => (a.menu?.order ?? 0) - (b.menu?.order ?? 0));
  const sectionsDef = group.find((d) => d.name === SECTIONS[scope]);
  const canEdit = useCanDo(sectionsDef ?? group[0], 'update');
  const { result, query } = useList({
    resource: sectionsDef?.name ?? SECTIONS[scope],
    sorters: parseSort(sectionsDef?.defaultSort ?? 'id'),
    pagination: { pageSize: 100 },
    queryOptions: { enabled: !!sectionsDef },
  });
  const name = (r: BaseRecord) => (scope === 'central' ? sectionLabel(t, r.key) : pickText(r, 'title', lang) || resourceTitle(t, sectionsDef!));
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="landing-hub">
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>{t('nav.landingPage', 'Landing page')}</Typography.Title>
        <Link to="/" target="_blank">
          <Button icon={<EyeOutlined />}>{t('landing.hub.view', 'View the public page')}</Button>
        </Link>
      </Space>
      {sectionsDef && (
        <Card title={resourceTitle(t, sectionsDef)}>
          <Table<BaseRecord> rowKey="id" size="small" pagination={false} loading={query.isLoading} dataSource={result.data ?? []}>
            <Table.Column<BaseRecord> key="name" title={t('landing.hub.section', 'Section')} render={(_, r) => name(r)} />
            <Table.Column<BaseRecord> key="title" title={t('fields.title', 'Title')} render={(_, r) => pickText(r, 'title', lang)} />
            <Table.Column<BaseRecord>
              key="visible"
              title={t('fields.is_visible', 'Visible')}
              render={(_, r) => (canEdit ? <InlineToggle def={sectionsDef} name="is_visible" record={r} label={name(r)} /> : r.is_visible ? '✓' : '—')}
            />
            <Table.Column<BaseRecord>
              key="edit"
              render={(_, r) =>
                canEdit && <EditButton hideText size="small" resource={sectionsDef.name} recordItemId={r.id as number} />
              }
            />
          </Table>
        </Card>
      )}
      <Card title={t('landing.hub.lists', 'Contents')}>
        <Row gutter={[12, 12]}>
          {group.map((def) => (
            <Col key={def.name} xs={24} sm={12} md={8}>
              <Link to={`/${resourcePaths(def).list}`} data-testid={`hub-link-${def.name}`}>
                <Button block>{resourceTitle(t, def)}</Button>
              </Link>
            </Col>
          ))}
        </Row>
      </Card>
    </Space>
  );
}
