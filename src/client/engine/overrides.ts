// Hand-written pages that replace generated ones, by resource name and page kind, and the
// hand-written pages of client screens (screens.ts `page`). Lazy so each loads on demand.
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { PageKind } from './nav';

type Page = LazyExoticComponent<ComponentType>;

/**
 * A page kind, or `tabs`: the parent's page at its nested records' tab routes (<route>/:id/<tab>),
 * which is otherwise the generated detail page with the tabs below the record.
 */
export type OverrideKind = PageKind | 'tabs';

const clinic = {
  appointmentsList: lazy(() => import('../pages/clinic/AppointmentsList')),
  appointmentCreate: lazy(() => import('../pages/clinic/AppointmentForm').then((m) => ({ default: m.AppointmentCreate }))),
  appointmentEdit: lazy(() => import('../pages/clinic/AppointmentForm')),
  // One instance for the screens' and the declared tabs' routes: switching tabs keeps the page.
  patientTabs: lazy(() => import('../pages/PatientTabs')),
  supportGrants: lazy(() => import('../pages/support/SupportGrants')),
  exports: lazy(() => import('../pages/clinic/ClinicExports')),
  messages: lazy(() => import('../pages/clinic/MessagesList')),
};

const central = {
  doctorList: lazy(() => import('../pages/central/DoctorList')),
  doctorShow: lazy(() => import('../pages/central/DoctorShow')),
  doctorEdit: lazy(() => import('../pages/central/DoctorEdit')),
  requests: lazy(() => import('../pages/central/RequestsPage')),
  invoiceList: lazy(() => import('../pages/central/InvoiceList')),
};

const landing = {
  hub: lazy(() => import('../pages/landing/LandingHub')),
};

export const RESOURCE_OVERRIDES: Partial<Record<string, Partial<Record<OverrideKind, Page>>>> = {
  // Central
  tenants: { list: central.doctorList, show: central.doctorShow, edit: central.doctorEdit },
  doctorRequests: { list: central.requests },
  // A print button on each invoice (the sheet a doctor files).
  invoices: { list: central.invoiceList },
  // Clinic
  appointments: { list: clinic.appointmentsList, create: clinic.appointmentCreate, edit: clinic.appointmentEdit },
  // Visits, appointments and the audit beside the nurse records' tabs (pages/PatientTabs.tsx).
  patients: { tabs: clinic.patientTabs },
  // Naming one of the platform's staff and revoking at once need more than the generated pages.
  supportGrants: { list: clinic.supportGrants, create: clinic.supportGrants },
  // Asking for a copy, its progress and its download.
  exports: { list: clinic.exports },
  // Sending by hand on WhatsApp (and sending a failed message again) from the rows.
  messages: { list: clinic.messages },
};

export const SCREEN_PAGES: Record<string, Page> = {
  dashboard: lazy(() => import('../pages/Dashboard')),
  patientTabs: clinic.patientTabs,
  // Central (and the profile of both applications)
  centralDashboard: lazy(() => import('../pages/central/Dashboard')),
  notifications: lazy(() => import('../pages/central/NotificationsPage')),
  profile: lazy(() => import('../pages/profile/ProfilePage')),
  // Clinic
  clinicDashboard: lazy(() => import('../pages/clinic/ClinicDashboard')),
  clinicPreview: lazy(() => import('../pages/clinic/ClinicPreview')),
  visitNew: lazy(() => import('../pages/clinic/VisitNew')),
  visitOld: lazy(() => import('../pages/clinic/VisitOld')),
  accountingResult: lazy(() => import('../pages/clinic/AccountingResult')),
  dailyCash: lazy(() => import('../pages/clinic/DailyCash')),
  syncProblems: lazy(() => import('../pages/clinic/SyncProblems')),
  clinicUsages: lazy(() => import('../pages/clinic/SettingsUsages')),
  clinicPlanHistories: lazy(() => import('../pages/clinic/SettingsPlanHistories')),
  clinicInvoices: lazy(() => import('../pages/clinic/SettingsInvoices')),
  supportAccess: lazy(() => import('../pages/support/SupportAccess')),
  // Landing-page editor (both applications)
  landingHub: landing.hub,
};
