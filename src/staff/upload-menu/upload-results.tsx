import type { ApiErrorDetail, CsvImportSummary } from "../../../contract/schemas";
import { DataTable } from "../lib/data-table";

/** Added / updated / removed items, by name. */
export function ChangeList({ summary, done = false }: { summary: CsvImportSummary; done?: boolean }) {
  const changes = summary.changes ?? { added: [], updated: [], removed: [] };
  const groups = [
    { key: "added", title: done ? "Added" : "Will be added", names: changes.added },
    { key: "updated", title: done ? "Changed" : "Will change", names: changes.updated },
    { key: "removed", title: done ? "Removed" : "Will be removed", names: changes.removed },
  ];
  if (groups.every((group) => group.names.length === 0)) {
    return <p className="staff-notice">No item changes: the file matches the current menu.</p>;
  }
  return (
    <div className="change-list">
      {groups.map((group) => (
        <section key={group.key} className={`change-list__group change-list__group--${group.key}`} aria-label={group.title}>
          <h3>
            {group.title}: {group.names.length}
          </h3>
          {group.names.length > 0 && (
            <ul>
              {group.names.map((name, index) => (
                <li key={`${name}-${index}`}>{name}</li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </div>
  );
}

/** Every invalid row, with its line number, so it can be found in the spreadsheet. */
export function CsvErrorTable({ details }: { details: ApiErrorDetail[] }) {
  if (details.length === 0) return null;
  return (
    <DataTable
      className="csv-errors"
      caption="Problems in the file, by line"
      columns={["Line", "Column", "Problem"]}
      rows={details.map((detail, index) => ({
        key: index,
        cells: [detail.line ?? "—", detail.column ?? detail.path ?? "—", detail.message],
      }))}
    />
  );
}
