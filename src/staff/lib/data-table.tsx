import { useLayoutEffect, useRef, useState, type Key, type ReactNode, type RefObject } from "react";

export interface DataRow {
  key: Key;
  cells: ReactNode[];
}

/**
 * A plain table of figures: a heading per column, then a row each; the first cell heads its row when `rowHeadings`.
 * On a screen too narrow for it (a phone, or the tablet zoomed in) the table scrolls sideways inside its own
 * box, never the page (WCAG 1.4.10); the box is then a named, focusable region so the keyboard can scroll it.
 */
export function DataTable({
  columns,
  rows,
  caption,
  className,
  rowHeadings = false,
}: {
  columns: string[];
  rows: DataRow[];
  caption?: string;
  className?: string;
  rowHeadings?: boolean;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(boxRef);
  return (
    <div
      ref={boxRef}
      className="staff-table-scroll"
      {...(scrolls ? { role: "region", tabIndex: 0, "aria-label": caption ?? columns.join(", ") } : {})}
    >
      <table className={className}>
        {caption && <caption className="visually-hidden">{caption}</caption>}
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map(({ key, cells: [first, ...rest] }) => (
            <tr key={key}>
              {rowHeadings ? <th scope="row">{first}</th> : <td>{first}</td>}
              {rest.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Whether the element's content is wider than the element, kept current as either changes size. */
function useScrollsSideways(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    const measure = () => setScrolls(box.scrollWidth > box.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}
