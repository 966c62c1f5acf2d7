// "Letters" beside a visit's print button: a referral letter (to whom) or a sick note (how many
// days of rest), asked for in a small dialog, then printed in the chosen language under the
// clinic's letterhead like the prescription.
import { useState } from 'react';
import { Button, Dropdown, Form, Grid, Input, Modal, Select } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { LANGUAGES, type Lang, currentLang } from '../../i18n';
import { useT } from '../../i18n/useT';
import { NumberInput } from '../../engine/digitInputs';
import type { LetterInput, PrintDocument } from './lib/printModel';

type Letter = Exclude<PrintDocument, 'prescription'>;

export function LetterButton({ testId, onPrint, referral }: { testId: string; onPrint: (lang: Lang, document: Letter, letter: LetterInput) => void; referral?: string }) {
  const t = useT();
  const [open, setOpen] = useState<Letter | null>(null);
  const [form] = Form.useForm<LetterInput & { lang: Lang }>();
  // On a phone the button is its icon alone: the visit's row already holds several.
  const narrow = Grid.useBreakpoint().sm === false;
  const title = (kind: Letter) => (kind === 'referral' ? t('clinic.letters.referral', 'Referral letter') : t('clinic.letters.sickNote', 'Sick note'));
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <Dropdown
        trigger={['click']}
        menu={{
          items: (['referral', 'sickNote'] as const).map((kind) => ({ key: kind, label: <span data-testid={`${testId}-${kind}`}>{title(kind)}</span> })),
          onClick: ({ key }) => {
            form.setFieldsValue({ lang: currentLang(), to: referral ?? '', days: 3 });
            setOpen(key as Letter);
          },
        }}
      >
        <Button size="small" icon={<FileTextOutlined />} data-testid={testId} aria-label={t('clinic.letters.title', 'Letters')} title={t('clinic.letters.title', 'Letters')}>
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
          void form.validateFields().then((v) => {
            if (open) onPrint(v.lang, open, { to: v.to, days: v.days });
            setOpen(null);
          })
        }
        destroyOnHidden
      >
        <Form form={form} layout="vertical" preserve={false}>
          {open === 'referral' && (
            <Form.Item name="to" label={t('clinic.letters.to', 'To')} rules={[{ required: true, whitespace: true, message: t('validation.required', 'This field is required') }]}>
              <Input id={`${testId}-to`} maxLength={200} />
            </Form.Item>
          )}
          {open === 'sickNote' && (
            <Form.Item name="days" label={t('clinic.letters.days', 'Days of rest')} rules={[{ required: true, type: 'number', min: 1, max: 60, message: t('validation.range', { min: 1, max: 60 }) }]}>
              <NumberInput id={`${testId}-days`} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          )}
          <Form.Item name="lang" label={t('clinic.letters.language', 'Language of the letter')}>
            <Select<Lang> options={LANGUAGES.map((l) => ({ value: l, label: t(`lang.${l}`, l) }))} />
          </Form.Item>
        </Form>
      </Modal>
    </span>
  );
}
