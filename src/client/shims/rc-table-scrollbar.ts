// rc-table (antd's Table) measures the scrollbar's width as each table mounts, in a layout effect:
// it reads the table's computed style twice, adds a stylesheet, a box to the page and reads its
// size (a forced style and layout of the whole page), then takes both out again. Only a table with
// a fixed header or a sticky one uses the width (its header's last column leaves the room); any
// other passes its `.ant-table-content` and gets nothing from it. No list of ours has either, and
// on a slowed phone it was a tenth of the list's longest task (issue 41): those are answered zero
// without measuring. Pointed at from rc-table's Table.js in the client build
// (scripts/antd-narrow-imports.ts).
import { getTargetScrollBarSize as measure } from 'rc-util/es/getScrollBarSize';

export { default } from 'rc-util/es/getScrollBarSize';

export function getTargetScrollBarSize(target: HTMLElement): { width: number; height: number } {
  if (target instanceof Element && target.classList.contains('ant-table-content')) return { width: 0, height: 0 };
  return measure(target);
}
