// The generated pages. The list is what most visits open first, so the forms and the detail page
// (date and time pickers, uploads, descriptions) load in their own chunks when first needed.
import { lazy } from 'react';
import type { ResourceDef } from '../../shared/resource';
import { ListPage } from './ListPage';
import type { PageKind } from './nav';

const FormPage = lazy(() => import('./FormPage').then((m) => ({ default: m.FormPage })));
const ShowPage = lazy(() => import('./ShowPage').then((m) => ({ default: m.ShowPage })));

export default function ResourcePage({ def, page }: { def: ResourceDef; page: PageKind }) {
  switch (page) {
    case 'list':
      return <ListPage key={def.name} def={def} />;
    case 'show':
      return <ShowPage key={def.name} def={def} />;
    case 'create':
      return <FormPage key={`${def.name}-create`} def={def} mode="create" />;
    case 'edit':
      return <FormPage key={`${def.name}-edit`} def={def} mode="edit" />;
  }
}
