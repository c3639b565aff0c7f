import { useState } from "react";
import { focusLater } from "../../shared/focus";
import type { DiningTable } from "../../../contract/schemas";
import { tableLabel } from "../lib/table-label";
import { orderLink } from "./order-link";
import { DiningTableForm } from "./dining-table-form";
import { DiningTableQr } from "./dining-table-qr";
import type { DiningTableValues } from "../../../contract/form-rules";

interface DiningTableCardProps {
  diningTable: DiningTable;
  /** Where its QR code points (order-link.ts). */
  origin: string;
  /** None: the role may not change tables, so the card offers no edit or delete. */
  onSave?(diningTable: DiningTable, values: DiningTableValues): Promise<void>;
  onDelete(diningTable: DiningTable): void;
}

/** One table: its name, seats and QR code, with edit / delete for roles that may change tables. */
export function DiningTableCard({ diningTable, origin, onSave, onDelete }: DiningTableCardProps) {
  const [editing, setEditing] = useState(false);
  // Named as the calls, tabs and kitchen screens name it: "Table 4", "Patio 2".
  const name = tableLabel(diningTable.codename);
  const link = orderLink(diningTable.id, origin);
  const headingId = `dining-table-${diningTable.id}`;

  const focusEditButton = () => focusLater(`${headingId}-edit`);

  return (
    <li className="dining-table-card">
      <article aria-labelledby={headingId}>
        {editing && onSave ? (
          <DiningTableForm
            title={`Edit ${name}`}
            initial={{ codename: diningTable.codename, capacity: diningTable.capacity }}
            submitLabel="Save changes"
            onSubmit={async (values) => {
              await onSave(diningTable, values);
              setEditing(false);
              focusEditButton();
            }}
            onCancel={() => {
              setEditing(false);
              focusEditButton();
            }}
          />
        ) : (
          <>
            <h2 id={headingId} className="dining-table-card__name" tabIndex={-1}>
              {name}
            </h2>
            <p className="dining-table-card__capacity">
              Capacity: <strong>{diningTable.capacity}</strong>
            </p>
            {onSave && (
              <div className="staff-actions">
                <button type="button" id={`${headingId}-edit`} className="staff-button" onClick={() => setEditing(true)}>
                  Edit<span className="visually-hidden"> {name}</span>
                </button>
                <button type="button" className="staff-button staff-button--danger" onClick={() => onDelete(diningTable)}>
                  Delete<span className="visually-hidden"> {name}</span>
                </button>
              </div>
            )}
          </>
        )}
        <DiningTableQr diningTable={diningTable} link={link} />
      </article>
    </li>
  );
}
