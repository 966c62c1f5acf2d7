// Sending by hand on WhatsApp (and sending a failed message again) from the rows.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({ pages: { messages: { list: () => import('../../src/client/pages/clinic/MessagesList') } } });
