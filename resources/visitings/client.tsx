// A visit's screens: the new visit's form and the visits before it.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({ screens: { visitNew: () => import('../../src/client/pages/clinic/VisitNew'), visitOld: () => import('../../src/client/pages/clinic/VisitOld') } });
