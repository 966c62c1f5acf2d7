// The clinic's printed letterhead (Main Doctor, Settings -> Profile): the lines printed under the
// clinic's name on prescriptions, and the paper. An empty line prints the profile's value, shown
// as the field's placeholder; the server's refusals land on their fields.
import { useEffect, useState } from 'react';
import { Button, Card, Form, Input, Radio, Space, Typography } from 'antd';
import { PrinterOutlined, SaveOutlined } from '@ant-design/icons';
import { useT } from '../../i18n/useT';
import { useAction, useAsk } from '../../engine/useAction';
import { PAPER_SIZES, type Letterhead, type LetterheadAnswer } from '../../../shared/letterhead';
import { formatPhone } from '../../../shared/phone';
import { errorsOf } from '../../engine/formErrors';
import { LogoInput } from './LogoInput';

type Values = Omit<Letterhead, 'name'>;
const LINES = [
  ['specialty', 120],
  ['address', 255],
  ['phone', 120],
  ['licence_number', 60],
] as const;

/** The field errors this form can show. */
function onForm(errors: Record<string, string[]>): [string, string[]][] {
  return Object.entries(errors).filter(([name]) => name === 'paper_size' || name === 'logo' || LINES.some(([line]) => line === name));
}

export function LetterheadCard() {
  const t = useT();
  const [form] = Form.useForm<Values>();
  const [answer, setAnswer] = useState<LetterheadAnswer | null>(null);
  const ask = useAsk();
  // A refusal naming the form's fields is said on them; anything else is toasted.
  const { run, busy: saving } = useAction<{ data: LetterheadAnswer }>({
    success: t('clinic.letterheadSaved', 'The letterhead was saved'),
    failure: (err) => (onForm(errorsOf(err)).length ? false : undefined),
  });
  useEffect(() => {
    ask<{ data: LetterheadAnswer }>('/settings/letterhead').then((r) => {
      setAnswer(r.data);
      form.setFieldsValue(r.data);
    }, () => undefined);
  }, [ask, form]);
  const save = async (values: Values) => {
    try {
      const r = await run({ url: '/settings/letterhead', method: 'put', values, meta: { quiet: true } });
      setAnswer(r.data);
      form.setFieldsValue(r.data);
    } catch (err) {
      const fields = onForm(errorsOf(err));
      if (fields.length) form.setFields(fields.map(([name, messages]) => ({ name: name as keyof Values, errors: messages })));
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
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} disabled={!answer} requiredMark={false}>
        {LINES.map(([name, max]) => (
          <Form.Item key={name} name={name} htmlFor={`letterhead-${name}`} label={t(`clinic.letterhead.${name}`, name)} rules={[{ max, message: t('validation.maxLength', { limit: max }) }]}>
            {name === 'phone' || name === 'licence_number' ? (
              // Read left to right whatever the interface (the class beats antd's RTL direction).
              <Input id={`letterhead-${name}`} placeholder={fallback(name)} maxLength={max} dir="ltr" className="phone-input" />
            ) : (
              <Input id={`letterhead-${name}`} placeholder={fallback(name)} maxLength={max} />
            )}
          </Form.Item>
        ))}
        <Form.Item name="logo" label={t('clinic.letterhead.logo', 'Logo')}>
          <LogoInput />
        </Form.Item>
        <Form.Item name="paper_size" label={t('clinic.letterhead.paper_size', 'Paper')}>
          <Radio.Group optionType="button" options={PAPER_SIZES.map((p) => ({ value: p, label: <span data-testid={`paper-${p}`}>{p}</span> }))} />
        </Form.Item>
        <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={saving} data-testid="letterhead-save">
          {t('buttons.save', 'Save')}
        </Button>
      </Form>
    </Card>
  );
}
