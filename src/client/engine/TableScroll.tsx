// A list's table wider than its place (a phone) scrolls sideways by CSS (`.table-scroll`,
// styles.css) rather than through rc-table's scroll={{ x }}: with it, rc-table measured every
// column after the first draw and drew every cell again with the widths (machinery for sticky
// columns, which no list uses), and read the page's layout (scrollWidth) in an effect of the rows'
// first draw: a forced layout inside the longest task of a slowed phone (issue 41).
// A box that scrolls must be reachable by keyboard (axe: scrollable-region-focusable), so while
// the table is wider than its box the box takes the focus and is named as a region: read by a
// ResizeObserver, after the browser's own layout, never inside a draw.
import { type ReactNode, useEffect, useRef } from 'react';

const SCROLLER = '.ant-table-content';

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const box = ref.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const follow = () => {
      for (const el of box.querySelectorAll<HTMLElement>(SCROLLER)) {
        const scrolls = el.scrollWidth > el.clientWidth;
        if (scrolls === el.hasAttribute('tabindex')) {
          if (scrolls) el.setAttribute('aria-label', label);
          continue;
        }
        if (scrolls) {
          el.setAttribute('tabindex', '0');
          el.setAttribute('role', 'region');
          el.setAttribute('aria-label', label);
        } else {
          for (const name of ['tabindex', 'role', 'aria-label']) el.removeAttribute(name);
        }
      }
    };
    const observer = new ResizeObserver(follow);
    observer.observe(box);
    // The rows arriving widen the table, not the box: its width is watched too.
    for (const table of box.querySelectorAll(`${SCROLLER} > table`)) observer.observe(table);
    return () => observer.disconnect();
  }, [label]);
  return (
    <div ref={ref} className="table-scroll">
      {children}
    </div>
  );
}
