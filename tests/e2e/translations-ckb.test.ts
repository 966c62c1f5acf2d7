// Every screen of both applications in Kurdish: no raw translation key, no English left over (tests/e2e/translations.ts).
import { everyScreenIn } from './translations';

everyScreenIn('ckb');
