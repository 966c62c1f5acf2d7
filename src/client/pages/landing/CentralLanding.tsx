// The platform's public page on the main host: every visible section in order, in the reader's
// language, with its images per screen size, the plans, contact information and social links.
import { useEffect } from 'react';
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONTACT_SECTIONS } from '../../../../resources/landing';
import { type Lang, isLang } from '../../i18n';
import { useT } from '../../i18n/useT';
import { type LandingPlan, type LandingSection, loadLandingPage, useLanding } from '../../providers/landing';
import { ItemsGrid, LinkButton, SectionFrame, Texts } from './Blocks';
import { Contact } from './Contact';
import { pickText } from './content';
import { LandingShell } from './LandingShell';
import { LoadState } from './LoadState';
import { Picture } from './Picture';
import { Plans } from './Plans';
import { useDocumentMeta } from './useDocumentMeta';

const CONTACT_KEYS = new Set<string>(CONTACT_SECTIONS);

function Section({ section, plans, lang }: { section: LandingSection; plans: LandingPlan[]; lang: Lang }) {
  const hero = section.key === 'hero';
  const picture = <Picture row={section} alt={pickText(section, 'title', lang)} />;
  return (
    <SectionFrame id={section.key} testId={`landing-section-${section.key}`} tinted={hero || section.key === 'plan'}>
      <div style={{ display: 'grid', gap: 24, gridTemplateColumns: hero ? 'repeat(auto-fit, minmax(280px, 1fr))' : undefined, alignItems: 'center' }}>
        <div>
          <Texts row={section} lang={lang} level={hero ? 1 : 2} />
          <LinkButton url={section.button_url} primary>{pickText(section, 'button_text', lang)}</LinkButton>
          {CONTACT_KEYS.has(section.key) && <Contact row={section} />}
        </div>
        {picture}
      </div>
      <div style={{ marginTop: 24 }}>
        <ItemsGrid items={section.items} lang={lang} testId={`landing-items-${section.key}`} />
        {section.key === 'plan' && <Plans plans={plans} lang={lang} />}
      </div>
    </SectionFrame>
  );
}

export default function CentralLanding() {
  const t = useT();
  const { i18n } = useTranslation();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'ckb';
  const { central, loading, errors } = useLanding();
  useEffect(() => {
    void loadLandingPage('central');
  }, []);
  const sections = [...(central?.sections ?? [])].sort((a, b) => a.position - b.position);
  // A link to one section (/#contact_info, from the 417 screen) finds it once the sections are in.
  useEffect(() => {
    const target = sections.length && window.location.hash ? document.getElementById(decodeURIComponent(window.location.hash.slice(1))) : null;
    target?.scrollIntoView();
  }, [sections.length]);
  const hero = sections.find((s) => s.key === 'hero');
  const appTitle = t('app.title', 'Clinic Platform');
  const heroTitle = pickText(hero, 'title', lang);
  useDocumentMeta(heroTitle ? `${heroTitle} — ${appTitle}` : appTitle, pickText(hero, 'description', lang) || t('home.central', ''));
  return (
    <LandingShell brand={appTitle}>
      <LoadState loading={loading} hasData={!!central} error={errors.central} onRetry={() => void loadLandingPage('central')} />
      {(central ? !sections.length : !!errors.central) && (
        <Space direction="vertical" style={{ padding: 32 }}>
          <Typography.Title>{t('home.title', 'Welcome')}</Typography.Title>
          <Typography.Paragraph>{t('home.central', '')}</Typography.Paragraph>
        </Space>
      )}
      {sections.map((s) => (
        <Section key={s.key} section={s} plans={central?.plans ?? []} lang={lang} />
      ))}
    </LandingShell>
  );
}
