// The platform's requests about doctors, and its invoices with a print button on each (the sheet a doctor files).
import { defineClientPart } from '../../src/client/engine/clientPart';

export default defineClientPart({
  pages: {
    doctorRequests: { list: () => import('../../src/client/pages/central/RequestsPage') },
    invoices: { list: () => import('../../src/client/pages/central/InvoiceList') },
  },
});
