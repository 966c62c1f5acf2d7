// Every central screen in Kurdish (tests/e2e/every-screen.ts).
import { everyScreenIn } from './every-screen';

everyScreenIn('ckb', 'central');
