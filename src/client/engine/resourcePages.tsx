// The generated pages, loaded lazily as one chunk (list, forms, detail).
import type { ResourceDef } from '../../shared/resource';
import { FormPage } from './FormPage';
import { ListPage } from './ListPage';
import type { PageKind } from './nav';
import { ShowPage } from './ShowPage';

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
