// The platform's invoices: the generated list, with a print button on each row.
import { resourceByName } from '../../../../resources';
import { ListPage } from '../../engine/ListPage';
import { invoiceExtras } from './InvoicePrint';

const invoices = resourceByName('invoices');

export default function InvoiceList() {
  return <ListPage def={invoices} extras={invoiceExtras()} />;
}
