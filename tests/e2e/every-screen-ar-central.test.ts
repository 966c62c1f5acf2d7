// Every central screen in Arabic (tests/e2e/every-screen.ts).
import { everyScreenIn } from './every-screen';

everyScreenIn('ar', 'central');
