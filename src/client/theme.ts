// The platform's antd theme, its colours chosen for WCAG AA contrast (4.5:1 for text): antd's
// defaults put links (#1677ff, 4.1:1), secondary texts (45% black, 3.4:1) and coloured tags
// (shade 7 on shade 1: green 3.4:1, gold 2.9:1) below it, which every screen showed (issue 39,
// tests/e2e/every-screen.ts runs axe-core on each).
import type { ThemeConfig } from 'antd';
import { presetPalettes } from '@ant-design/colors';

export const FONT = "Vazirmatn, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
export const BRAND = '#0f766e';
/** Secondary text: 62% black reads at 5.5:1 on white and 5.1:1 on antd's grey fills. */
const SECONDARY = 'rgba(0, 0, 0, 0.62)';

/** A coloured tag's text in shade 9 of its palette (antd writes shade 7), on the same light fill. */
const tagTexts = Object.fromEntries(Object.entries(presetPalettes).map(([name, shades]) => [`${name}7`, shades[8]]));

export const THEME: ThemeConfig = {
  token: {
    fontFamily: FONT,
    colorPrimary: BRAND,
    colorLink: BRAND,
    colorTextDescription: SECONDARY,
    colorTextTertiary: SECONDARY,
    // antd's red (#ff4d4f) is 3.2:1 on white: a waiting time or an error must be read.
    colorError: '#cf1322',
    // And antd's green (#52c41a) 2.3:1: a profit in green is read as well (shade 8, 5.6:1).
    colorSuccess: presetPalettes.green[7],
    // A field that may not change (a payment's payer and amount on its edit page) is still read:
    // antd's 25% black is 1.8:1; this grey is 4.9:1 on the disabled field's grey fill.
    colorTextDisabled: '#6b6b6b',
    ...tagTexts,
  },
  components: {
    // The selected item: dark teal on a light teal fill (antd derived a grey fill from the brand,
    // with the brand's text on it at 2.6:1).
    Menu: { itemSelectedColor: '#0b4f4a', itemSelectedBg: '#dcefeb' },
  },
};
