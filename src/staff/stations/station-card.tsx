import { useState } from "react";
import type { DiningTable } from "../../../contract/schemas";
import { orderLink } from "./order-link";
import { StationForm } from "./station-form";
import { StationQr } from "./station-qr";
import type { DiningTableValues } from "../../../contract/form-rules";

interface StationCardProps {
  station: DiningTable;
  /** None: the role may not change tables, so the card offers no edit or delete. */
  onSave?(station: DiningTable, values: DiningTableValues): Promise<void>;
  onDelete(station: DiningTable): void;
}

/** One table: its name, seats and QR code, with edit / delete for roles that may change tables. */
export function StationCard({ station, onSave, onDelete }: StationCardProps) {
  const [editing, setEditing] = useState(false);
  const link = orderLink(station.id);
  const headingId = `station-${station.id}`;

  const focusEditButton = () => requestAnimationFrame(() => document.getElementById(`${headingId}-edit`)?.focus());

  return (
    <li className="station-card">
      <article aria-labelledby={headingId}>
        {editing && onSave ? (
          <StationForm
            title={`Edit ${station.codename}`}
            initial={{ codename: station.codename, capacity: station.capacity }}
            submitLabel="Save changes"
            onSubmit={async (values) => {
              await onSave(station, values);
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
            <h2 id={headingId} className="station-card__name" tabIndex={-1}>
              <span className="visually-hidden">Station </span>
              {station.codename}
            </h2>
            <p className="station-card__capacity">
              Capacity: <strong>{station.capacity}</strong>
            </p>
            {onSave && (
              <div className="staff-actions">
                <button type="button" id={`${headingId}-edit`} className="staff-button" onClick={() => setEditing(true)}>
                  Edit<span className="visually-hidden"> {station.codename}</span>
                </button>
                <button type="button" className="staff-button staff-button--danger" onClick={() => onDelete(station)}>
                  Delete<span className="visually-hidden"> {station.codename}</span>
                </button>
              </div>
            )}
          </>
        )}
        <StationQr station={station} link={link} />
      </article>
    </li>
  );
}
