// The clinic's choices for online booking (issue 18), as the API answers them and the settings
// card edits them (src/server/booking/settings.ts).
export interface OnlineBooking {
  enabled: boolean;
  /** Approved as it arrives, without the desk. */
  auto_confirm: boolean;
  doctor_ids: number[];
  /** Empty: the patient names no service. */
  service_ids: number[];
  /** The earliest slot offered is this many hours ahead. */
  min_notice_hours: number;
  /** The latest day offered, counted from today. */
  max_days_ahead: number;
}

export const BOOKING_DEFAULTS: OnlineBooking = { enabled: false, auto_confirm: false, doctor_ids: [], service_ids: [], min_notice_hours: 2, max_days_ahead: 30 };
