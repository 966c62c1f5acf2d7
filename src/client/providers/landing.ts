// The public landing pages' one store (docs/product.md#public-pages): the platform's page on the main host,
// the clinic's on its subdomain. The loading flag is set when a load starts and cleared when it
// ends, whether it succeeded or failed; a failure is kept in `errors`.
// Not in react-query: the public pages load neither Refine nor its query cache (the login page's
// bundle budget), and the clinic's page is asked at start-up, before the cache exists.
import { useSyncExternalStore } from 'react';
import { ApiError, api } from './http';
import { publicTimeZone } from '../engine/instant';

export type Texts = Record<string, unknown>;

export interface LandingItem extends Texts {
  id?: number;
  icon?: string | null;
  url?: string | null;
  value?: string | null;
}

export interface LandingSection extends Texts {
  key: string;
  position: number;
  button_url?: string | null;
  email?: string | null;
  phone?: string | null;
  items: LandingItem[];
}

export interface LandingPlan extends Texts {
  id?: number;
  price: number | string;
  discount: number | null;
  recommended: boolean;
  max_users: number;
  max_visitings: number;
  max_storage_gb: number;
  support: boolean;
  /** URL of the plan's picture, if it has one. */
  image?: string | null;
}

export interface CentralLanding {
  sections: LandingSection[];
  plans: LandingPlan[];
}

export interface ClinicDoctor {
  name: string | null;
  skill: string | null;
  phone: string | null;
  email: string | null;
  address: string | null;
  [city: `city_${string}`]: string | null;
}

export interface ClinicLocation {
  name: string | null;
  address: string | null;
  phone: string | null;
  map_url: string | null;
  working_hours: string | null;
}

export interface ClinicLink {
  title: string | null;
  url: string | null;
  kind: string | number | null;
}

export interface ClinicLanding {
  landing_page: (Texts & { doctor?: ClinicDoctor; locations?: ClinicLocation[]; links?: ClinicLink[] }) | null;
  solutions: LandingItem[];
  highlights: LandingItem[];
  projects: LandingItem[];
  /** The clinic takes appointments on its site (/book). */
  online_booking?: boolean;
  /** The clinic's time zone (its days, signed out as signed in). */
  time_zone?: string;
}

export interface LandingState {
  loading: boolean;
  central: CentralLanding | null;
  clinic: ClinicLanding | null;
  /** The last failure of each page, by page ("central", "clinic"). */
  errors: Partial<Record<'central' | 'clinic', { status: number; message: string }>>;
}

let state: LandingState = { loading: false, central: null, clinic: null, errors: {} };
const listeners = new Set<() => void>();

function update(patch: Partial<LandingState>): void {
  state = { ...state, ...patch };
  for (const l of listeners) l();
}

export function getLanding(): LandingState {
  return state;
}

export function useLanding(): LandingState {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    getLanding,
    getLanding,
  );
}

const PATHS = { central: '/landing-page', clinic: '/tenant/landing-page' } as const;

/**
 * Loads one page into the store. Quiet (no toast, no navigation): start-up ignores failures
 * (docs/architecture.md#the-clients-shells) and the pages show them themselves. Never throws.
 */
let pending = 0;
const inFlight: Partial<Record<'central' | 'clinic', Promise<void>>> = {};

export function loadLandingPage(page: 'central' | 'clinic'): Promise<void> {
  // One request per page at a time (a remount while loading waits for the same answer).
  inFlight[page] ??= load(page).finally(() => delete inFlight[page]);
  return inFlight[page];
}

async function load(page: 'central' | 'clinic'): Promise<void> {
  pending += 1;
  update({ loading: true });
  try {
    const body = await api<{ data?: CentralLanding & ClinicLanding }>(PATHS[page], { quiet: true });
    const errors = { ...state.errors };
    delete errors[page];
    update(page === 'central' ? { central: normalizeCentral(body?.data), errors } : { clinic: normalizeClinic(body?.data), errors });
  } catch (err) {
    const status = err instanceof ApiError ? err.statusCode : 0;
    const message = err instanceof Error ? err.message : String(err);
    update({ errors: { ...state.errors, [page]: { status, message } } });
  } finally {
    pending -= 1;
    update({ loading: pending > 0 });
  }
}

function normalizeCentral(data: Partial<CentralLanding> | undefined): CentralLanding {
  return {
    sections: Array.isArray(data?.sections) ? data.sections.map((s) => ({ ...s, items: Array.isArray(s.items) ? s.items : [] })) : [],
    plans: Array.isArray(data?.plans) ? data.plans : [],
  };
}

function normalizeClinic(data: Partial<ClinicLanding> | undefined): ClinicLanding {
  const list = (v: unknown): LandingItem[] => (Array.isArray(v) ? (v as LandingItem[]) : []);
  // The clinic's days on its public pages (the booking calendar's today) are counted in its zone.
  publicTimeZone(data?.time_zone);
  return { landing_page: data?.landing_page ?? null, solutions: list(data?.solutions), highlights: list(data?.highlights), projects: list(data?.projects), online_booking: data?.online_booking === true };
}

/** For unit tests. */
export function resetLanding(): void {
  state = { loading: false, central: null, clinic: null, errors: {} };
}
