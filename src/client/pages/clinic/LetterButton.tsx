// "Letters" beside a visit's print button: a referral letter (to whom) or a sick note (how many
// days of rest), asked for in a small dialog, then printed in the chosen language under the
// clinic's letterhead like the prescription.
import { useState } from 'react';
import { Button, Dropdown, Grid, Input, Modal, Select } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { LANGUAGES, type Lang, currentLang } from '../../i18n';
import { useT } from '../../i18n/useT';
import { NumberInput } from '../../engine/digitInputs';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import type { LetterInput, PrintDocument } from './lib/printModel';

type Letter = Exclude<PrintDocument, 'prescription'>;
type Values = { to?: string; days?: number | null; lang: Lang };

/** `loading`: this visit's sheet is being prepared, and the button says so; `disabled`: another is. It opens nothing meanwhile. */
export function LetterButton({ testId, onPrint, referral, loading, disabled }: { testId: string; onPrint: (lang: Lang, document: Letter, letter: LetterInput) => void; referral?: string; loading?: boolean; disabled?: boolean }) {
  const t = useT();
  const [open, setOpen] = useState<Letter | null>(null);
  // Printed, never sent: no server error to show. A field the letter does not ask is not checked.
  const { control, reset, handleSubmit } = useHandForm<Values>({ fields: [], shouldUnregister: true });
  // On a phone the button is its icon alone: the visit's row already holds several.
  const narrow = Grid.useBreakpoint().sm === false;
  const title = (kind: Letter) => (kind === 'referral' ? t('clinic.letters.referral', 'Referral letter') : t('clinic.letters.sickNote', 'Sick note'));
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Dropdown
        disabled={loading || disabled}
        trigger={['click']}
        menu={{
          items: (['referral', 'sickNote'] as const).map((kind) => ({ key: kind, label: <span data-testid={`${testId}-${kind}`}>{title(kind)}</span> })),
          onClick: ({ key }) => {
            reset({ lang: currentLang(), to: referral ?? '', days: 3 });
            setOpen(key as Letter);
          },
        }}
      >
        <Button size="small" icon={<FileTextOutlined />} loading={loading} disabled={disabled} data-testid={testId} aria-label={t('clinic.letters.title', 'Letters')} title={t('clinic.letters.title', 'Letters')}>
          {!narrow && t('clinic.letters.title', 'Letters')}
        </Button>
      </Dropdown>
      <Modal
        open={open !== null}
        title={open ? title(open) : ''}
        okText={t('clinic.print', 'Print')}
        cancelText={t('buttons.cancel', 'Cancel')}
        okButtonProps={{ ...({ 'data-testid': `${testId}-print` } as Record<`data-${string}`, string>) }}
        onCancel={() => setOpen(null)}
        onOk={() =>
          void handleSubmit((v) => {
            if (open) onPrint(v.lang, open, { to: v.to, days: v.days ?? undefined });
            setOpen(null);
          })()
        }
        destroyOnHidden
      >
        <FormLayout>
          {open === 'referral' && (
            <FormField control={control} name="to" htmlFor={`${testId}-to`} label={t('clinic.letters.to', 'To')} required rules={{ validate: (v) => !!v?.trim() || t('validation.required', 'This field is required') }}>
              {(f) => <Input id={`${testId}-to`} maxLength={200} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
          )}
          {open === 'sickNote' && (
            <FormField
              control={control}
              name="days"
              htmlFor={`${testId}-days`}
              label={t('clinic.letters.days', 'Days of rest')}
              required
              rules={{ validate: (v) => (typeof v === 'number' && v >= 1 && v <= 60) || t('validation.range', { min: 1, max: 60 }) }}
            >
              {(f) => <NumberInput id={`${testId}-days`} precision={0} style={{ width: '100%' }} value={f.value} onChange={f.onChange} onBlur={f.onBlur} />}
            </FormField>
          )}
          <FormField control={control} name="lang" htmlFor={`${testId}-lang`} label={t('clinic.letters.language', 'Language of the letter')}>
            {(f) => <Select<Lang> id={`${testId}-lang`} value={f.value} onChange={f.onChange} options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`, l) }))} />}
          </FormField>
        </FormLayout>
      </Modal>
    </span>
  );
}
