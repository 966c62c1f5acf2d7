import { Select } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { LANGUAGES, type Lang, setLocale } from '../i18n';
import { useT } from '../i18n/useT';
import { useTranslation } from 'react-i18next';

/** The language Select itself (loaded on demand by LanguageSwitcher). */
export default function LanguageSelect({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const t = useT();
  const { i18n } = useTranslation();
  return (
    <Select<Lang>
      aria-label={t('lang.label', 'Language')}
      data-testid="language-switcher"
      value={i18n.language as Lang}
      onChange={(lang) => void setLocale(lang)}
      suffixIcon={<GlobalOutlined />}
      style={{ minWidth: 120 }}
      options={LANGUAGES.map((l) => ({ value: l, label: <span lang={l}>{t(`lang.${l}`, l)}</span> }))}
      popupMatchSelectWidth={false}
      defaultOpen={defaultOpen}
      autoFocus={defaultOpen}
    />
  );
}
