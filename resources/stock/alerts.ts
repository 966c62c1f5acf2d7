// What the stock's warnings card shows (GET /stock-items/alerts): read by the server's route and the
// client's card alike, so it holds types and constants only.

/** Days ahead within which an expiry date is warned of. */
export const EXPIRY_WARNING_DAYS = 30;

export interface StockAlerts {
  /** Items at or under their reorder level, the furthest under first. */
  low: { id: number; name: string; unit: string | null; stock: number; reorder_level: number }[];
  /** Items expiring within EXPIRY_WARNING_DAYS (or expired), the soonest first. */
  expiring: { id: number; name: string; expiry_date: string }[];
}
