// "Print" in the interface's language, with a menu to print the prescription in another one
// (a Kurdish-speaking clinic writing for a pharmacy that reads Arabic or English).
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined, PrinterOutlined } from '@ant-design/icons';
import { LANGUAGES, type Lang } from '../../i18n';
import { useT } from '../../i18n/useT';

/** `loading`: a print is being prepared; the button says so and a press meanwhile does nothing. */
export function PrintButton({ onPrint, testId, label, primary, loading }: { onPrint: (lang?: Lang) => void; testId: string; label: string; primary?: boolean; loading?: boolean }) {
  const t = useT();
  return (
    <Space.Compact onClick={(e) => e.stopPropagation()}>
      <Button size={primary ? 'middle' : 'small'} type={primary ? 'primary' : 'default'} icon={<PrinterOutlined />} loading={loading} data-testid={testId} onClick={() => onPrint()}>
        {label}
      </Button>
      <Dropdown
        disabled={loading}
        trigger={['click']}
        menu={{
          items: LANGUAGES.map((l) => ({ key: l, label: <span lang={l} data-testid={`${testId}-${l}`}>{t(`lang.${l}`, l)}</span> })),
          onClick: ({ key, domEvent }) => {
            domEvent.stopPropagation();
            onPrint(key as Lang);
          },
        }}
      >
        <Button size={primary ? 'middle' : 'small'} type={primary ? 'primary' : 'default'} icon={<DownOutlined />} aria-label={t('clinic.printIn', 'Print in another language')} data-testid={`${testId}-lang`} />
      </Dropdown>
    </Space.Compact>
  );
}
