// What the platform's invoice sheet answers (GET /invoices/:id/sheet, /settings/invoice/:id/sheet):
// written by the server (src/server/modules/invoice-sheet.ts), printed by the client
// (src/client/pages/central/InvoicePrint.tsx).
export interface InvoiceSheet {
  lang: 'ckb' | 'ar' | 'en';
  number: string;
  kind: string;
  issued_on: string;
  due_on: string;
  period_start: string | null;
  period_end: string | null;
  plan: string | null;
  price: number | null;
  discount: number | null;
  amount: number;
  currency: string;
  is_paid: boolean;
  /** When it was paid, in the clinics' time zone. */
  paid_at: string | null;
  doctor: { name: string; subdomain: string };
  platform: { name: string; email: string | null; phone: string | null };
}
