// The central landing sections: the generated list, with each section's name in the reader's
// language and its visibility switched straight from the list.
import { resourceByName } from '../../../../resources';
import { ListPage } from '../../engine/ListPage';
import { useT } from '../../i18n/useT';
import { VisibleSwitch, sectionLabel } from './VisibleSwitch';

const def = resourceByName('landingSections');

export default function SectionsList() {
  const t = useT();
  return (
    <ListPage
      def={def}
      extras={{
        renderers: {
          key: (value) => <span data-section={String(value)}>{sectionLabel(t, value)}</span>,
          is_visible: (_, record) => <VisibleSwitch resource={def.name} record={record} label={sectionLabel(t, record.key)} />,
        },
      }}
    />
  );
}
