// Asking for a clinic copy, its progress and its download.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({ pages: { exports: { list: () => import('../../src/client/pages/clinic/ClinicExports') } } });
