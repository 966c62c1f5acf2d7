import { Suspense, lazy, useState } from 'react';
import { theme } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { type Lang, isLang } from '../i18n';
import { useT } from '../i18n/useT';

// antd's Select (with its virtual list and popup machinery) is a large part of a public page's
// first load, so it loads on the first interaction: until then a look-alike button stands in.
// Pointing at or focusing the button starts the download; a click opens the real Select.
const loadSelect = () => import('./LanguageSelect');
const LanguageSelect = lazy(loadSelect);
let selectLoaded = false;
function preload(): void {
  void loadSelect().then(() => {
    selectLoaded = true;
  });
}

/** Language choice, present on every screen. */
export function LanguageSwitcher() {
  const [opened, setOpened] = useState(false);
  const stand = <StandIn onOpen={() => setOpened(true)} />;
  if (!opened && !selectLoaded) return stand;
  return (
    <Suspense fallback={stand}>
      <LanguageSelect defaultOpen={opened} />
    </Suspense>
  );
}

function StandIn({ onOpen }: { onOpen: () => void }) {
  const t = useT();
  const { i18n } = useTranslation();
  const { token } = theme.useToken();
  const lang: Lang = isLang(i18n.language) ? i18n.language : 'ckb';
  return (
    <button
      type="button"
      aria-label={t('lang.label', 'Language')}
      aria-haspopup="listbox"
      data-testid="language-switcher"
      onPointerEnter={preload}
      onFocus={preload}
      onClick={onOpen}
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 8,
        minWidth: 120,
        height: token.controlHeight,
        paddingInline: token.paddingSM - 1,
        boxSizing: 'border-box',
        font: 'inherit',
        fontSize: token.fontSize,
        color: token.colorText,
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorder}`,
        borderRadius: token.borderRadius,
        cursor: 'pointer',
      }}
    >
      <span lang={lang}>{t(`lang.${lang}`, lang)}</span>
      <GlobalOutlined style={{ color: token.colorTextQuaternary, fontSize: token.fontSizeSM }} />
    </button>
  );
}
