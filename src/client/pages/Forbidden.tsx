// A page the user may not open (403): said in their language inside the app's frame, with the way
// back to their own home, instead of a silent redirect that leaves them wondering.
import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/useT';

export function Forbidden({ home }: { home: string }) {
  const t = useT();
  const navigate = useNavigate();
  return (
    <div data-testid="forbidden">
      <Result
        status="403"
        title={t('screens.forbiddenTitle', 'No access')}
        subTitle={t('screens.forbidden', "You don't have access to this page")}
        extra={
          <Button type="primary" onClick={() => void navigate(home)} data-testid="forbidden-home">
            {t('screens.returnHome', 'Return Home')}
          </Button>
        }
      />
    </div>
  );
}
