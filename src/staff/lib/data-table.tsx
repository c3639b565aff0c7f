import type { Key, ReactNode } from "react";

export interface DataRow {
  key: Key;
  cells: ReactNode[];
}

/** A plain table of figures: a heading per column, then a row each; the first cell heads its row when `rowHeadings`. */
export function DataTable({ columns, rows, caption, className, rowHeadings = false }: { columns: string[]; rows: DataRow[]; caption?: string; className?: string; rowHeadings?: boolean }) {
  return (
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
  );
}
