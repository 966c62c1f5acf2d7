// The public landing pages and their editors: the platform's (central) and each clinic's. Texts
// come in the three languages; images are public uploads for PC, tablet and mobile screens.
import { type CentralAccess, type FieldDef, defineResource } from '../../src/shared/resource';
import { defineMenuGroup } from '../../src/shared/menu';

// The Service Admin's job, with the Owner and Developers.
const EDITORS: CentralAccess = { read: [0, 2, 3], create: [0, 2, 3], update: [0, 2, 3], delete: [0, 2, 3] };

const text = (maxLength: number, list = false): FieldDef => ({ type: maxLength > 300 ? 'text' : 'string', maxLength, nullable: true, list, searchable: list });
const image: FieldDef = { type: 'file', accept: 'image', publicFile: true, nullable: true };

/** Title, subtitle and description in the three languages, and the three images. */
const content: Record<string, FieldDef> = {
  title_en: text(200, true),
  title_ar: text(200),
  title_ckb: text(200, true),
  subtitle_en: text(300),
  subtitle_ar: text(300),
  subtitle_ckb: text(300),
  description_en: text(4000),
  description_ar: text(4000),
  description_ckb: text(4000),
  image_pc: image,
  image_tablet: image,
  image_mobile: image,
};

/** An item of a list-like section: its place, whether it shows, and its content. */
const item: Record<string, FieldDef> = {
  position: { type: 'integer', min: 0, max: 1000, default: 0, list: true, sortable: true },
  is_visible: { type: 'boolean', default: true, list: true, filterable: true },
  ...content,
};

/** The sections of the central landing page, in the order the page shows them. */
export const LANDING_SECTIONS = [
  'hero', 'about', 'feature', 'service', 'screen', 'software', 'functionality', 'solution', 'highlight', 'why', 'work',
  'achievement', 'project', 'gallery', 'offer', 'plan', 'company', 'info', 'contact', 'contact_info', 'footer',
] as const;

/** The sections that show how to reach the platform (CentralLanding's contact block). */
export const CONTACT_SECTIONS = ['contact', 'contact_info', 'footer'] as const;
const contactField = (type: 'email' | 'phone' | 'url'): FieldDef => ({ type, nullable: true, formWhen: { key: CONTACT_SECTIONS } });

export const landingSections = defineResource({
  name: 'landingSections',
  path: 'dashboard/landing-page',
  table: 'landing_sections',
  scope: 'central',
  route: 'landing-page/sections',
  access: EDITORS,
  actions: ['read', 'update'],
  titleField: 'key',
  defaultSort: 'position',
  menu: { order: 86, parent: 'landingPage' },
  fields: {
    key: { type: 'string', readOnly: true, list: true, filterable: true, labels: 'landing.sections.{}' },
    position: { type: 'integer', min: 0, max: 1000, default: 0, list: true, sortable: true },
    is_visible: { type: 'boolean', default: true, list: true, filterable: true, toggle: true },
    ...content,
    button_text_en: text(60),
    button_text_ar: text(60),
    button_text_ckb: text(60),
    button_url: { type: 'url', nullable: true },
    // Contact information and footer: how to reach the platform (edited on those sections only).
    email: contactField('email'),
    phone: contactField('phone'),
    facebook_url: contactField('url'),
    instagram_url: contactField('url'),
    x_url: contactField('url'),
    youtube_url: contactField('url'),
    linkedin_url: contactField('url'),
  },
});

/** Items of the list-like sections: one table, one resource per kind. */
function landingItems<const N extends string>(name: N, path: string, kind: string, order: number) {
  return defineResource({
    name,
    path,
    table: 'landing_items',
    fixed: { kind },
    scope: 'central',
    route: `landing-page/${path}`,
    access: EDITORS,
    titleField: 'title_en',
    defaultSort: 'position',
    menu: { order, parent: 'landingPage' },
    fields: {
      ...item,
      icon: { type: 'string', maxLength: 60, nullable: true },
      url: { type: 'url', nullable: true },
      // Achievements show a figure ("120 clinics").
      value: { type: 'string', maxLength: 40, nullable: true, list: kind === 'achievement' },
    },
  });
}

export const heros = landingItems('heros', 'heros', 'hero', 87);
export const features = landingItems('features', 'features', 'feature', 88);
export const landingServices = landingItems('landingServices', 'services', 'service', 89);
export const screens = landingItems('screens', 'screens', 'screen', 90);
export const offers = landingItems('offers', 'offers', 'offer', 91);
export const galleries = landingItems('galleries', 'galleries', 'gallery', 92);
export const achievements = landingItems('achievements', 'achievements', 'achievement', 93);
export const whys = landingItems('whys', 'whys', 'why', 94);
export const functionalities = landingItems('functionalities', 'functionalities', 'functionality', 95);
export const landingSolutions = landingItems('landingSolutions', 'solutions', 'solution', 96);
export const landingHighlights = landingItems('landingHighlights', 'highlights', 'highlight', 97);
export const landingProjects = landingItems('landingProjects', 'projects', 'project', 98);

// Each clinic's own page: one record of texts and images, and its solutions, highlights, projects.
export const tenantLandingPage = defineResource({
  name: 'tenantLandingPage',
  path: 'tenant/dashboard/landing-page',
  table: 'tenant_landing_pages',
  scope: 'tenant',
  route: 'landing-page/page',
  mainDoctorOnly: true,
  actions: ['read', 'update'],
  titleField: 'title_en',
  defaultSort: 'id',
  menu: { order: 111, parent: 'landingPage' },
  fields: {
    is_visible: { type: 'boolean', default: true, list: true },
    ...content,
    about_en: text(4000),
    about_ar: text(4000),
    about_ckb: text(4000),
  },
});

function clinicItems<const N extends 'solutions' | 'highlights' | 'projects'>(name: N, order: number) {
  return defineResource({
    name,
    path: name,
    table: `tenant_${name}`,
    scope: 'tenant',
    route: `landing-page/${name}`,
    mainDoctorOnly: true,
    titleField: 'title_en',
    defaultSort: 'position',
    menu: { order, parent: 'landingPage' },
    fields: item,
  });
}

export const solutions = clinicItems('solutions', 112);
export const highlights = clinicItems('highlights', 113);
export const projects = clinicItems('projects', 114);

/** The landing-page editor's menu groups: the group opens its hub (links to every list, visibility switches). */
export const centralLandingMenu = defineMenuGroup({ key: 'landingPage', scope: 'central', path: 'landing-page', opens: 'overview', order: 85, icon: 'global', access: { centralScreen: 'landing-page' } });
// The clinic's editor (docs/product.md#public-pages: both applications have one), Main Doctor only.
export const clinicLandingMenu = defineMenuGroup({ key: 'landingPage', scope: 'tenant', path: 'landing-page', opens: 'overview', order: 110, icon: 'global', access: 'mainDoctor' });
