// Every screen of both applications in English: no raw translation key (tests/e2e/translations.ts).
import { everyScreenIn } from './translations';

everyScreenIn('en');
