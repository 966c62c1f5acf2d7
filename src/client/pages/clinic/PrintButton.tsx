// "Print" in the interface's language, with a menu to print the prescription in another one
// (a Kurdish-speaking clinic writing for a pharmacy that reads Arabic or English).
import { Button, Dropdown, Space } from 'antd';
import { DownOutlined, PrinterOutlined } from '@ant-design/icons';
import { LANGUAGES, type Lang } from '../../i18n';
import { useT } from '../../i18n/useT';

/** `loading`: this sheet is being prepared, and the button says so; `disabled`: another is. A press meanwhile does nothing. */
export function PrintButton({ onPrint, testId, label, primary, loading, disabled }: { onPrint: (lang?: Lang) => void; testId: string; label: string; primary?: boolean; loading?: boolean; disabled?: boolean }) {
  const t = useT();
  return (
    <Space.Compact onClick={(e) => e.stopPropagation()}>
      <Button size={primary ? 'middle' : 'small'} type={primary ? 'primary' : 'default'} icon={<PrinterOutlined />} loading={loading} disabled={disabled} data-testid={testId} onClick={() => onPrint()}>
        {label}
      </Button>
      <Dropdown
        disabled={loading || disabled}
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
