// The resource registry: every entity the product knows, declared once.
import type { ResourceDef, Scope } from '../src/shared/resource';
import { expenses, incomes } from './accounting';
import aggrements from './aggrements';
import { centralAudit, clinicAudit } from './audit';
import appointments from './appointments';
import { commonDiseases, examinations, lifeStyles, physicalTheraphies } from './catalogs';
import drugs from './drugs';
import clinicExports from './exports';
import { pastMedicalHistories, pastMedications, patientDiseases, vitalSigns } from './patientRecords';
import {
  achievements,
  features,
  functionalities,
  galleries,
  heros,
  highlights,
  landingHighlights,
  landingProjects,
  landingSections,
  landingServices,
  landingSolutions,
  offers,
  projects,
  screens,
  solutions,
  tenantLandingPage,
  whys,
} from './landing';
import patients from './patients';
import { cities, doctorRequests, educations, invoices, planHistories } from './platform';
import plans from './plans';
import { centralLinks, centralLocations, tenantLinks, tenantLocations } from './services';
import supportGrants from './supportGrants';
import tasks from './tasks';
import tenants from './tenants';
import tenantUsers from './tenantUsers';
import users from './users';
import visitings from './visitings';

export const resources: readonly ResourceDef[] = [
  // central
  tenants,
  doctorRequests,
  invoices,
  planHistories,
  plans,
  users,
  cities,
  educations,
  centralLocations,
  centralLinks,
  aggrements,
  landingSections,
  heros,
  features,
  landingServices,
  screens,
  offers,
  galleries,
  achievements,
  whys,
  functionalities,
  landingSolutions,
  landingHighlights,
  landingProjects,
  centralAudit,
  // clinic
  appointments,
  patients,
  visitings,
  vitalSigns,
  pastMedicalHistories,
  pastMedications,
  patientDiseases,
  commonDiseases,
  drugs,
  examinations,
  lifeStyles,
  physicalTheraphies,
  tasks,
  expenses,
  incomes,
  tenantLocations,
  tenantLinks,
  tenantUsers,
  tenantLandingPage,
  solutions,
  highlights,
  projects,
  clinicAudit,
  supportGrants,
  clinicExports,
];

/** Permission table names that are not a single resource (screens made of several). */
export const EXTRA_PERMISSION_TABLES: readonly string[] = ['accounting'];

export function resourceByName(name: string): ResourceDef {
  const def = resources.find((r) => r.name === name);
  if (!def) throw new Error(`Unknown resource ${name}`);
  return def;
}

export function resourcesOf(scope: Scope): ResourceDef[] {
  return resources.filter((r) => r.scope === scope);
}
