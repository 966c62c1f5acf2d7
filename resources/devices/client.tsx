// What the server refused of the changes kept during an internet cut.
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({ screens: { syncProblems: () => import('../../src/client/pages/clinic/SyncProblems') } });
