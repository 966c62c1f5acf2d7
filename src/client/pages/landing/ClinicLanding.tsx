// A clinic's public page on its subdomain: the clinic's texts and images, the doctor (name,
// specialty, contact, address), locations, links, solutions, highlights and projects.
import { type ReactNode, useEffect } from 'react';
import { Button, Card, Col, Descriptions, List, Row, Typography } from 'antd';
import { CalendarOutlined, EnvironmentOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { type Lang, isLang } from '../../i18n';
import { useT } from '../../i18n/useT';
import { type ClinicLanding as Data, type LandingItem, loadLandingPage, useLanding } from '../../providers/landing';
import { ItemsGrid, SectionFrame, Texts } from './Blocks';
import { pickText, safeUrl } from './content';
import { LandingShell } from './LandingShell';
import { LoadState } from './LoadState';
import { Picture } from './Picture';
import { useDocumentMeta } from './useDocumentMeta';

function Doctor({ page, lang }: { page: NonNullable<Data['landing_page']>; lang: Lang }) {
  const t = useT();
  const d = page.doctor;
  if (!d) return null;
  const city = pickText(d, 'city', lang);
  const rows: [string, ReactNode][] = [
    [t('landing.clinic.doctor', 'Doctor'), d.name],
    [t('landing.clinic.specialty', 'Specialty'), d.skill],
    [t('fields.phone', 'Phone'), d.phone ? <a href={`tel:${d.phone.replace(/[^\d+]/g, '')}`} dir="ltr">{d.phone}</a> : null],
    [t('fields.email', 'E-mail'), d.email ? <a href={`mailto:${d.email}`} dir="ltr">{d.email}</a> : null],
    [t('fields.address', 'Address'), [d.address, city].filter(Boolean).join('، ') || null],
  ];
  return (
    <Card data-testid="clinic-doctor">
      <Descriptions column={1} size="small">
        {rows
          .filter(([, v]) => v)
          .map(([label, value]) => (
            <Descriptions.Item key={label} label={label}>{value}</Descriptions.Item>
          ))}
      </Descriptions>
    </Card>
  );
}

function Places({ page }: { page: NonNullable<Data['landing_page']> }) {
  const t = useT();
  const locations = page.locations ?? [];
  const links = (page.links ?? []).map((l) => ({ ...l, href: safeUrl(l.url) })).filter((l) => l.href);
  if (!locations.length && !links.length) return null;
  return (
    <Row gutter={[16, 16]}>
      {locations.length > 0 && (
        <Col xs={24} md={12}>
          <Card title={t('nav.locations', 'Locations')} data-testid="clinic-locations">
            <List
              dataSource={locations}
              renderItem={(l) => (
                <List.Item>
                  <List.Item.Meta
                    avatar={<EnvironmentOutlined />}
                    title={safeUrl(l.map_url) ? <a href={safeUrl(l.map_url)!} target="_blank" rel="noopener noreferrer">{l.name}</a> : l.name}
                    description={[l.address, l.working_hours, l.phone].filter(Boolean).join(' · ')}
                  />
                </List.Item>
              )}
            />
          </Card>
        </Col>
      )}
      {links.length > 0 && (
        <Col xs={24} md={12}>
          <Card title={t('nav.links', 'Links')} data-testid="clinic-links">
            <List
              dataSource={links}
              renderItem={(l) => (
                <List.Item>
                  <a href={l.href!} target="_blank" rel="noopener noreferrer">{l.title || l.href}</a>
                </List.Item>
              )}
            />
          </Card>
        </Col>
      )}
    </Row>
  );
}

function Items({ name, items, lang }: { name: 'solutions' | 'highlights' | 'projects'; items: LandingItem[]; lang: Lang }) {
  const t = useT();
  if (!items.length) return null;
  return (
    <SectionFrame testId={`clinic-${name}`}>
      <Typography.Title level={2}>{t(`resources.${name}.title`, name)}</Typography.Title>
      <ItemsGrid items={items} lang={lang} />
    </SectionFrame>
  );
}

export default function ClinicLanding() {
  const t = useT();
  const { i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'ckb';
  const { clinic, loading, errors } = useLanding();
  useEffect(() => {
    // Start-up normally loaded it already; load here when it has not (or after a failure, on retry).
    if (!clinic && !errors.clinic) void loadLandingPage('clinic');
  }, [clinic, errors.clinic]);
  const page = clinic?.landing_page ?? null;
  const name = pickText(page, 'title', lang) || page?.doctor?.name || t('app.clinic', 'Clinic');
  useDocumentMeta(name, pickText(page, 'subtitle', lang) || pickText(page, 'description', lang) || t('home.clinic', ''));
  return (
    <LandingShell brand={name}>
      <LoadState loading={loading} hasData={!!clinic} error={errors.clinic} onRetry={() => void loadLandingPage('clinic')} />
      <SectionFrame testId="clinic-hero" tinted>
        <div style={{ display: 'grid', gap: 24, gridTemplateColumns: 'repeat(auto-fit, minmax(280px, 1fr))', alignItems: 'center' }}>
          <div>
            {page ? <Texts row={page} lang={lang} level={1} extra={['about']} /> : <Typography.Title>{name}</Typography.Title>}
            {!page && <Typography.Paragraph>{t('home.clinic', '')}</Typography.Paragraph>}
            {clinic?.online_booking && (
              <Link to="/book" data-testid="clinic-book">
                <Button type="primary" size="large" icon={<CalendarOutlined />}>
                  {t('onlineBooking.title')}
                </Button>
              </Link>
            )}
          </div>
          {page && <Picture row={page} alt={name} />}
        </div>
      </SectionFrame>
      {page && (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
          <Col xs={24}>
            <Doctor page={page} lang={lang} />
          </Col>
          <Col xs={24}>
            <Places page={page} />
          </Col>
        </Row>
      )}
      <Items name="solutions" items={clinic?.solutions ?? []} lang={lang} />
      <Items name="highlights" items={clinic?.highlights ?? []} lang={lang} />
      <Items name="projects" items={clinic?.projects ?? []} lang={lang} />
    </LandingShell>
  );
}
