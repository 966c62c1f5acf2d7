// Hand-written server behaviour beside the engine: resource hooks and custom endpoints.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { HookRegistry } from '../engine/hooks';
import { appointmentHooks } from './appointments';
import { registerSafetyRoutes } from './safety-routes';
import { registerAllergyCheckRoutes } from './allergy-check';
import { registerScheduleRoutes } from './schedule-routes';
import { registerSeriesRoutes } from './series-routes';
import { vitalSignHooks } from './patient-records';
import { registerCentralDashboard } from './central-dashboard';
import { registerClinicDataRoutes } from './clinic-data';
import { registerClinicSettingsRoutes } from './clinic-settings';
import { registerLetterheadRoutes } from './letterhead';
import { registerLandingRoutes } from './landing';
import { notificationHooks, registerNotificationRoutes } from './notifications';
import { registerPermissionRoutes } from './permissions';
import { registerRequestRoutes } from './requests';
import { invoiceHooks, registerSubscriptionRoutes } from './subscription-routes';
import { registerInvoiceSheetRoutes } from './invoice-sheet';
import { staffHooks } from './staff-rules';
import { tenantHooks } from './tenants';
import { tenantUserHooks } from './tenant-users';
import { visitingHooks } from './visitings';
import { labOrderHooks, labResultHooks } from './labs';
import { incomeHooks, paymentHooks } from './payments';
import { registerPaymentRoutes } from './payment-routes';
import { registerSupportRoutes, supportGrantHooks } from '../support/grants';

export const hooks: HookRegistry = {
  users: staffHooks,
  tenantUsers: tenantUserHooks,
  tenants: tenantHooks,
  appointments: appointmentHooks,
  vitalSigns: vitalSignHooks,
  visitings: visitingHooks,
  labOrders: labOrderHooks,
  labResults: labResultHooks,
  invoices: invoiceHooks,
  supportGrants: supportGrantHooks,
  incomes: incomeHooks,
  payments: paymentHooks,
  notifications: notificationHooks,
  clinicNotifications: notificationHooks,
};

export function registerRoutes(app: FastifyInstance, db: Kysely<Database>): void {
  registerPermissionRoutes(app, db);
  registerScheduleRoutes(app);
  registerSeriesRoutes(app);
  registerSafetyRoutes(app);
  registerAllergyCheckRoutes(app);
  registerClinicDataRoutes(app);
  registerNotificationRoutes(app);
  registerRequestRoutes(app);
  registerSubscriptionRoutes(app);
  registerInvoiceSheetRoutes(app);
  registerCentralDashboard(app, db);
  registerClinicSettingsRoutes(app);
  registerLetterheadRoutes(app);
  registerPaymentRoutes(app);
  registerLandingRoutes(app, db);
  registerSupportRoutes(app, db);
}
