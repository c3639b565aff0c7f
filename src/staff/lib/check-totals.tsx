import type { Check } from "../../../contract/schemas";
import { parsePriceToCents } from "../../../contract/money";
import { formatMoney } from "../../shared/i18n/format";
import "./check-totals.css";

const cents = (price: string) => parsePriceToCents(price) ?? 0;

/** A check's sums as the check says them: subtotal, discounts, comps and voids, tax, total, tips, paid, balance. */
export function CheckTotals({ check }: { check: Check }) {
  const rows: [string, string, boolean?][] = [
    ["Subtotal", check.subtotal],
    ...(cents(check.discount_total) > 0 ? [["Discounts", `−${formatMoney(check.discount_total)}`] as [string, string]] : []),
    ...(cents(check.comp_total) > 0 ? [["Comps", `−${formatMoney(check.comp_total)}`] as [string, string]] : []),
    ...(cents(check.void_total) > 0 ? [["Voids", `−${formatMoney(check.void_total)}`] as [string, string]] : []),
    ["HST 13 %", check.tax],
    ["Total", check.total, true],
    ...(cents(check.tips) > 0 ? [["Tips", check.tips] as [string, string]] : []),
    ["Paid", check.paid],
    ...(cents(check.refunded) > 0 ? [["Refunded", check.refunded] as [string, string]] : []),
    ["Balance", check.balance, true],
  ];
  return (
    <dl className="check-totals">
      {rows.map(([label, value, strong]) => (
        <div key={label} className={strong ? "check-totals__row check-totals__row--strong" : "check-totals__row"}>
          <dt>{label}</dt>
          <dd>{value.startsWith("−") ? value : formatMoney(value)}</dd>
        </div>
      ))}
    </dl>
  );
}
