// GET /appointments/availability as the calendar and the booking form read it.
import type { DoctorDay } from '../../../../shared/slots';

/** The answer: each day's doctors, their hours and free slot start times. */
export type Availability = { data?: { slot: number; days: { date: string; doctors: DoctorDay[] }[] } };

/** What the free slots are made of: a change to any of these, by anyone, asks them again. */
export const AVAILABILITY_SOURCES: readonly string[] = ['appointments', 'workingHours', 'closedDays'];
