import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';

const REFINE_ANTD = { name: '@refinedev/antd', message: 'Use the view kit in src/client/engine/kit/ (issue 35).' };
const ANTD_FORM = { name: 'antd', importNames: ['Form'], message: "Forms use react-hook-form with the kit's FormField and useHandForm (src/client/engine/kit/form.tsx, issue 35)." };
// Numbers, dates and times are typed on Arabic-script keyboards too: the engine's inputs
// (src/client/engine/digitInputs.tsx) read ٢٠٢٥ as 2025, antd's own drop it or refuse it.
const ANTD_DIGITS = { name: 'antd', importNames: ['InputNumber', 'DatePicker', 'TimePicker'], message: 'Use NumberInput, DateInput, DateRangeInput or TimeInput from src/client/engine/digitInputs.tsx: they read Arabic-Indic digits.' };
const ANTD_FORM_PATHS = { group: ['antd/es/form', 'antd/es/form/*', 'antd/lib/form', 'antd/lib/form/*'], message: ANTD_FORM.message };

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'node_modules/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  // Issue 35: one view kit and one form engine. @refinedev/antd's parts come from the kit
  // (src/client/engine/kit/: ported, so its whole bundle stays out of the lists), and forms hold
  // their values in react-hook-form, laid out by the kit's FormField (antd's Form only there).
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/engine/kit/**'],
    rules: { 'no-restricted-imports': ['error', { paths: [REFINE_ANTD, ANTD_FORM, ANTD_DIGITS], patterns: [ANTD_FORM_PATHS] }] },
  },
  {
    files: ['src/client/engine/digitInputs.tsx'],
    rules: { 'no-restricted-imports': ['error', { paths: [REFINE_ANTD, ANTD_FORM], patterns: [ANTD_FORM_PATHS] }] },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
);
