/**
 * Why an order was refused, in words a diner can act on — and for changed prices, the new prices
 * and a way to accept them (which resubmits with a new Idempotency-Key: the body changed).
 */
import { formatDollars } from "../../../contract/money";
import { WEEKDAY_NAMES } from "../../../contract/menu";
import { isNotTodayDetail, isPriceChangedDetail, isSoldOutDetail, namesIn } from "../../../contract/order-errors";
import { cartLines, cents, type PriceUpdate } from "../cart/cart-logic";
import { useCart, type SubmitProblem } from "../cart/cart-store";
import { submitCart } from "../outbox/order-submission";

export function OrderProblem({ problem }: { problem: SubmitProblem }) {
  if (problem.code === "price_changed") return <PriceChanged problem={problem} />;
  return (
    <div className="order-problem" role="alert">
      <p>{problemMessage(problem)}</p>
    </div>
  );
}

function problemMessage(problem: SubmitProblem): string {
  const names = namesIn(problem.details);
  switch (problem.code) {
    case "sold_out":
      return soldOutMessage(problem.details, names);
    case "not_available_today": {
      const days = [...new Set(problem.details.filter(isNotTodayDetail).map((detail) => `${WEEKDAY_NAMES[detail.weekday - 1] ?? "its day"}s`))];
      return `Sorry — ${names.join(", ") || "a special in your order"} ${names.length > 1 ? "are" : "is"} only available on ${days.join(" and ") || "its own day"}. Remove ${names.length > 1 ? "them" : "it"} with "Remove 1", then submit again.`;
    }
    case "unknown_station":
    case "station_not_found":
    case "branch_mismatch":
      return "We couldn't find your table. Please scan the QR code on your table again, then submit your order.";
    case "order_expired":
      return problem.message;
    case "idempotency_key_reused":
      return "Your order changed while it was being sent. Please submit it again.";
    default:
      return `Your order was not sent: ${problem.message}`;
  }
}

/** Sold out, or (a counted dish) fewer left than the cart holds: say how many, so the diner can take fewer rather than none. */
function soldOutMessage(details: readonly unknown[], names: string[]): string {
  const left = new Map<string, number>();
  for (const detail of details) {
    if (isSoldOutDetail(detail) && detail.left !== undefined && detail.left > 0) left.set(detail.name, detail.left);
  }
  const gone = names.filter((name) => !left.has(name));
  const parts = [...left].map(([name, count]) => `only ${count} ${name} left`);
  if (gone.length > 0 || parts.length === 0) parts.unshift(`${gone.join(", ") || "an item in your order"} ${gone.length > 1 ? "are" : "is"} sold out`);
  return `Sorry — ${parts.join("; ")}. Use "Remove 1" to take ${left.size > 0 ? "fewer" : gone.length > 1 ? "them off" : "it off"}, then submit again.`;
}

function PriceChanged({ problem }: { problem: SubmitProblem }) {
  const cart = useCart((state) => state.cart);
  const applyPrices = useCart((state) => state.applyPrices);
  const lines = cartLines(cart);
  const updates: (PriceUpdate & { name: string; was?: string })[] = problem.details.filter(isPriceChangedDetail).map((detail) => ({
    index: detail.index,
    price: detail.price,
    name: detail.name ?? lines[detail.index]?.name ?? "An item",
    was: lines[detail.index]?.customizedPrice,
  }));

  const confirm = () => {
    applyPrices(updates);
    void submitCart();
  };

  return (
    <div className="order-problem" role="alert">
      <p>Some prices have changed since you opened the menu:</p>
      <ul>
        {updates.map((update) => (
          <li key={update.index}>
            {update.name}: now <strong>{formatDollars(cents(update.price))}</strong>
            {update.was && ` each (was ${formatDollars(cents(update.was))})`}
          </li>
        ))}
      </ul>
      <button type="button" className="button-primary" onClick={confirm} disabled={updates.length === 0}>
        Accept new prices and submit
      </button>
    </div>
  );
}
