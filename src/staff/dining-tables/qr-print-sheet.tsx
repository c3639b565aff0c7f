import { QRCodeSVG } from "qrcode.react";
import { createPortal } from "react-dom";
import type { DiningTable } from "../../../contract/schemas";
import { tableLabel } from "../lib/table-label";
import { orderLink } from "./order-link";

/**
 * The printable sheet: one card per table with its name and a 6 cm QR code (scannable from across a
 * table). Hidden on screen; in print it replaces the whole page (see dining-tables.css). Rendered straight
 * into <body> so the print stylesheet can hide everything else with one rule.
 */
export function QrPrintSheet({
  diningTables,
  branch,
  origin,
  warning,
}: {
  diningTables: DiningTable[];
  branch: string;
  origin: string;
  /** Said on the sheet too, above the cards, when diners' phones could not open the codes. */
  warning: string | null;
}) {
  return createPortal(
    <div className="qr-print-sheet" aria-hidden="true">
      {warning && <p className="qr-print-sheet__warning">{warning}</p>}
      {diningTables.map((diningTable) => {
        const link = orderLink(diningTable.id, origin);
        return (
          <section key={diningTable.id} className="qr-print-card">
            <p className="qr-print-card__name">{tableLabel(diningTable.codename)}</p>
            <QRCodeSVG value={link} size={256} marginSize={4} level="M" className="qr-print-card__code" />
            <p className="qr-print-card__hint">Scan to see the menu and order from your table</p>
            <p className="qr-print-card__brand">Limitless Bar &amp; Grill · {branch}</p>
          </section>
        );
      })}
    </div>,
    document.body,
  );
}
