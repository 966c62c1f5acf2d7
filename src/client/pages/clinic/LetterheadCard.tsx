// The clinic's printed letterhead (Main Doctor, Settings -> Profile): the lines printed under the
// clinic's name on prescriptions, and the paper. An empty line prints the profile's value, shown
// as the field's placeholder; the server's refusals land on their fields.
import { useEffect, useRef, useState } from 'react';
import { Button, Card, Input, Radio, Space, Typography } from 'antd';
import { PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { useAction, useAsk } from '../../engine/useAction';
import { PAPER_SIZES, type Letterhead, type LetterheadAnswer } from '../../../shared/letterhead';
import { formatPhone } from '../../../shared/phone';
import { FormField, FormLayout, useHandForm } from '../../engine/kit/form';
import { LogoInput } from './LogoInput';

type Values = Omit<Letterhead, 'name'>;
const LINES = [
  ['specialty', 120],
  ['address', 255],
  ['phone', 120],
  ['licence_number', 60],
] as const;

const FIELDS = [...LINES.map(([name]) => name), 'logo', 'paper_size'] as const;

/** The form's values out of the server's answer (which says the profile's too). */
function valuesOf(answer: LetterheadAnswer): Values {
  const { specialty, address, phone, licence_number, logo, paper_size } = answer;
  return { specialty, address, phone, licence_number, logo, paper_size };
}

export function LetterheadCard() {
  const t = useT();
  const { control, reset, handleSubmit, failure, showErrors } = useHandForm<Values>({ fields: FIELDS });
  const [answer, setAnswer] = useState<LetterheadAnswer | null>(null);
  const ask = useAsk();
  // A refusal naming the form's fields is said on them; anything else is toasted.
  const { run, busy: saving } = useAction<{ data: LetterheadAnswer }>({
    success: t('clinic.letterheadSaved', 'The letterhead was saved'),
    failure,
  });
  // The form takes the first reading only: this one runs again when the session changes (a save
  // of the profile on the same page), and must not put back what is being typed meanwhile.
  const filled = useRef(false);
  useEffect(() => {
    ask<{ data: LetterheadAnswer }>('/settings/letterhead').then((r) => {
      setAnswer(r.data);
      if (filled.current) return;
      filled.current = true;
      reset(valuesOf(r.data));
    }, () => undefined);
  }, [ask, reset]);
  const save = async (values: Values) => {
    try {
      const r = await run({ url: '/settings/letterhead', method: 'put', values, meta: { quiet: true } });
      setAnswer(r.data);
      reset(valuesOf(r.data));
    } catch (err) {
      showErrors(err);
    }
  };
  const fallback = (name: (typeof LINES)[number][0]): string | undefined => {
    if (name === 'licence_number') return undefined;
    const value = answer?.profile[name];
    if (!value) return undefined;
    return name === 'phone' && value.startsWith('+') ? formatPhone(value) : value;
  };
  return (
    <Card title={<Space><PrinterOutlined />{t('clinic.letterheadTitle', 'Printed letterhead')}</Space>} data-testid="clinic-letterhead">
      <Typography.Paragraph type="secondary">
        {t('clinic.letterheadHelp', "Printed under the clinic's name on prescriptions. An empty line prints the clinic profile's value, shown in grey.")}
      </Typography.Paragraph>
      <form noValidate onSubmit={(e) => void handleSubmit(save)(e)}>
        <FormLayout disabled={!answer} requiredMark={false}>
          {LINES.map(([name, max]) => (
            <FormField key={name} control={control} name={name} htmlFor={`letterhead-${name}`} label={t(`clinic.letterhead.${name}`, name)} rules={{ maxLength: { value: max, message: t('validation.maxLength', { limit: max }) } }}>
              {(f) =>
                name === 'phone' || name === 'licence_number' ? (
                  // Read left to right whatever the interface (the class beats antd's RTL direction).
                  <Input id={`letterhead-${name}`} placeholder={fallback(name)} maxLength={max} dir="ltr" className="phone-input" value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />
                ) : (
                  <Input id={`letterhead-${name}`} placeholder={fallback(name)} maxLength={max} value={f.value ?? ''} onChange={f.onChange} onBlur={f.onBlur} />
                )
              }
            </FormField>
          ))}
          <FormField control={control} name="logo" label={t('clinic.letterhead.logo', 'Logo')}>
            {(f) => <LogoInput value={f.value} onChange={f.onChange} />}
          </FormField>
          <FormField control={control} name="paper_size" label={t('clinic.letterhead.paper_size', 'Paper')}>
            {(f) => <Radio.Group optionType="button" value={f.value} onChange={(e) => f.onChange(e.target.value)} options={PAPER_SIZES.map((p) => ({ value: p, label: <span data-testid={`paper-${p}`}>{p}</span> }))} />}
          </FormField>
          <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="letterhead-save">
            {t('buttons.save', 'Save')}
          </Button>
        </FormLayout>
      </form>
    </Card>
  );
}
