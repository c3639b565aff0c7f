import { HST_RATE_PERCENT, totalsFromSubtotal, type Totals } from "../../../contract/money";
import type { Order } from "../../../contract/schemas";
import { formatMoney } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { cartMessages } from "../cart-messages";
import { cents, subtotalCents } from "../cart/cart-logic";
import { useCart } from "../cart/cart-store";

/**
 * The server's figures are the truth: a placed order's, else the table's cart's once nothing of this
 * phone's is on its way; until then this phone's own sum.
 */
export function useCartTotals(submitted: Order | null): Totals {
  const cart = useCart((state) => state.cart);
  const table = useCart((state) => state.table);
  const server = useCart((state) => state.shared.server);
  const hasPending = useCart((state) => state.shared.pending.some((op) => op.type !== "set_name"));
  if (submitted) return { subtotal: cents(submitted.subtotal), tax: cents(submitted.tax), total: cents(submitted.total) };
  if (server && !hasPending && server.station_id === table?.id)
    return { subtotal: cents(server.subtotal), tax: cents(server.tax), total: cents(server.total) };
  return totalsFromSubtotal(subtotalCents(cart));
}

/** Subtotal, HST and Total: the cart grid's footer. */
export function CartTotals({ totals }: { totals: Totals }) {
  const code = useLanguage();
  const t = useMessages(cartMessages);
  const money = (amount: number) => formatMoney(amount, code);
  return (
    <tfoot>
      <tr>
        <th scope="row" colSpan={2}>
          {t.subtotal}
        </th>
        <td className="cart-price">{money(totals.subtotal)}</td>
      </tr>
      <tr>
        <th scope="row" colSpan={2}>
          {t.tax({ rate: HST_RATE_PERCENT })}
        </th>
        <td className="cart-price">{money(totals.tax)}</td>
      </tr>
      <tr className="cart-total">
        <th scope="row" colSpan={2}>
          {t.total}
        </th>
        <td className="cart-price">{money(totals.total)}</td>
      </tr>
    </tfoot>
  );
}
