// Naming one of the platform's staff and revoking at once need more than the generated pages; the
// platform's side lists the clinics that gave it access.
import { defineClientPart } from '../../src/client/engine/clientPart';

const grants = () => import('../../src/client/pages/support/SupportGrants');

export default defineClientPart({ pages: { supportGrants: { list: grants, create: grants } }, screens: { supportAccess: () => import('../../src/client/pages/support/SupportAccess') } });
