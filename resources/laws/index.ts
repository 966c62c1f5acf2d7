// Public laws with their articles (docs/product.md#public-pages), on the
// platform's site: kept by the landing page's editors, read by anyone without logging in.
import { defineResource } from '../../src/shared/resource';
import { ROLE_GROUPS } from '../../src/shared/roles';

// The landing page's editors: Owner, Service Admin, Developer (src/shared/roles.ts).
const EDITORS = [0, 2, 3] as const;
const access = { read: ROLE_GROUPS.ALL_CENTRAL, create: EDITORS, update: EDITORS, delete: EDITORS };

export const laws = defineResource({
  name: 'laws',
  path: 'laws',
  table: 'laws',
  scope: 'central',
  access,
  publicRead: true,
  // Edited beside the landing page (its editors' area); the public pages are /laws and /laws/:id.
  route: 'landing-page/laws',
  titleField: 'title_ckb',
  defaultSort: '-issued_on',
  menu: { order: 86, parent: 'landingPage' },
  fields: {
    number: { type: 'string', maxLength: 60, nullable: true, searchable: true, list: true },
    issued_on: { type: 'date', nullable: true, list: true, sortable: true, filterable: true },
    title_ckb: { type: 'string', required: true, maxLength: 300, searchable: true, list: true, sortable: true },
    title_ar: { type: 'string', required: true, maxLength: 300, searchable: true },
    title_en: { type: 'string', required: true, maxLength: 300, searchable: true, list: true },
    description_ckb: { type: 'text', maxLength: 4000, nullable: true },
    description_ar: { type: 'text', maxLength: 4000, nullable: true },
    description_en: { type: 'text', maxLength: 4000, nullable: true },
  },
});

export const lawArticles = defineResource({
  name: 'lawArticles',
  path: 'lawArticles',
  table: 'law_articles',
  scope: 'central',
  access,
  publicRead: true,
  within: { resource: 'laws', field: 'law_id', tab: 'articles' },
  titleField: 'number',
  defaultSort: 'number',
  menu: { order: 1 },
  fields: {
    law_id: { type: 'relation', relation: { resource: 'laws', labelField: 'title_ckb' }, required: true, filterable: true, list: true },
    number: { type: 'integer', required: true, min: 1, max: 100_000, unique: true, uniqueWith: ['law_id'], list: true, sortable: true },
    title_ckb: { type: 'string', maxLength: 300, nullable: true, list: true },
    title_ar: { type: 'string', maxLength: 300, nullable: true },
    title_en: { type: 'string', maxLength: 300, nullable: true },
    body_ckb: { type: 'text', required: true, maxLength: 20_000 },
    body_ar: { type: 'text', required: true, maxLength: 20_000 },
    body_en: { type: 'text', required: true, maxLength: 20_000 },
  },
});
