// The Main Doctor's professional record (specialty, experience, education, city, clinic address
// and domain) as the platform keeps it. Read only here: the platform's staff change it.
import type { ReactNode } from 'react';
import { Alert, Card, Descriptions, Skeleton, Space } from 'antd';
import { SolutionOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useT } from '../../i18n/useT';
import { enumLabel, fieldLabel } from '../../../shared/labels';
import { resourceByName } from '../../../../resources';
import { useApiGet } from '../../engine/useApiGet';

const tenants = resourceByName('tenants');
type Professional = Record<string, string | number | null>;

export function ProfessionalCard() {
  const t = useT();
  const lang = useTranslation().i18n.language;
  const { data, isLoading, isError } = useApiGet<{ data: Professional }>('/settings/professional');
  const p = data?.data;
  const named = (base: string) => (p ? (p[`${base}_${lang}`] || p[`${base}_en`] || '') : '');
  const items: [string, ReactNode][] = p
    ? [
        [fieldLabel(t, tenants, 'skill'), p.skill],
        [fieldLabel(t, tenants, 'experience_years'), p.experience_years],
        [fieldLabel(t, tenants, 'education_id'), named('education')],
        [fieldLabel(t, tenants, 'gender'), enumLabel(t, tenants.fields.gender, p.gender)],
        [fieldLabel(t, tenants, 'date_of_birth'), p.date_of_birth && <span dir="ltr">{p.date_of_birth}</span>],
        [fieldLabel(t, tenants, 'city_id'), named('city')],
        [fieldLabel(t, tenants, 'region'), p.region],
        [fieldLabel(t, tenants, 'address'), p.address],
        [fieldLabel(t, tenants, 'subdomain'), <span dir="ltr">{p.subdomain}</span>],
        [fieldLabel(t, tenants, 'domain'), p.domain && <span dir="ltr">{p.domain}</span>],
      ]
    : [];
  return (
    <Card title={<Space><SolutionOutlined />{t('profile.professional', 'Professional information')}</Space>} data-testid="profile-professional">
      {isLoading ? (
        <Skeleton active />
      ) : isError || !p ? (
        <Alert type="error" showIcon message={t('errors.server', 'Something went wrong, please try again later')} />
      ) : (
        <>
          <Descriptions size="small" column={1} items={items.map(([label, value], i) => ({ key: String(i), label, children: value === null || value === undefined || value === '' ? '—' : value }))} />
          <Alert type="info" showIcon style={{ marginTop: 12 }} message={t('profile.professionalHelp', 'The platform keeps this record; ask its staff to change it.')} />
        </>
      )}
    </Card>
  );
}
