/**
 * Why an order was refused, in words a diner can act on — and for changed prices, the new prices
 * and a way to accept them (which resubmits with a new Idempotency-Key: the body changed).
 */
import { isNotTodayDetail, isPriceChangedDetail, isSoldOutDetail, namesIn } from "../../../contract/order-errors";
import { formatAndList, formatList, formatMoney, formatWeekday } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import type { Language } from "../../shared/i18n/language";
import { productText } from "../../shared/i18n/product-text";
import { cartLines, cents, type CartLine, type PriceUpdate } from "../cart/cart-logic";
import { useCart, type SubmitProblem } from "../cart/cart-store";
import { cartMessages, orderProblemMessages } from "../cart-messages";
import { submitCart } from "../outbox/order-submission";

type Words = ReturnType<typeof orderProblemMessages.get>;

/** The server names dishes in English; the cart knows them in the diner's language. */
function translatedName(name: string, lines: readonly CartLine[], code: Language): string {
  const line = lines.find((candidate) => candidate.name === name);
  return line ? productText(line, code).name : name;
}

export function OrderProblem({ problem }: { problem: SubmitProblem }) {
  const cart = useCart((state) => state.cart);
  const code = useLanguage();
  const t = useMessages(orderProblemMessages);
  const c = useMessages(cartMessages);
  if (problem.code === "price_changed") return <PriceChanged problem={problem} />;
  // The table's shared cart (docs/decisions/0010): what the diner can do about it.
  const shared: Record<string, string> = { cart_changed: c.cartChanged, cart_empty: c.cartEmpty, cart_full: c.cartFull };
  return (
    <div className="order-problem" role="alert">
      <p>{shared[problem.code] ?? problemMessage(problem, t, cartLines(cart), code)}</p>
    </div>
  );
}

function problemMessage(problem: SubmitProblem, t: Words, lines: readonly CartLine[], code: Language): string {
  const nameIn = (name: string) => translatedName(name, lines, code);
  const names = namesIn(problem.details);
  switch (problem.code) {
    case "sold_out":
      return soldOutMessage(problem.details, names, t, nameIn, code);
    case "not_available_today": {
      const weekdays = [...new Set(problem.details.filter(isNotTodayDetail).map((detail) => detail.weekday))];
      const days = formatAndList(
        weekdays.map((weekday) => t.onDays({ day: formatWeekday(weekday, code) })),
        code,
      );
      const listed = formatList(names.map(nameIn), code) || t.aSpecial;
      const values = { names: listed, days: days || t.itsOwnDay };
      return names.length > 1 ? t.notTodayMany(values) : t.notTodayOne(values);
    }
    case "unknown_station":
    case "station_not_found":
    case "branch_mismatch":
      return t.tableNotFound;
    case "order_expired":
      return t.neverSent;
    case "order_unconfirmed":
      return t.unconfirmed;
    case "idempotency_key_reused":
      return t.changedWhileSending;
    case "offline":
      return t.notSent({ reason: t.offline });
    default:
      return t.notSent({ reason: problem.message });
  }
}

/** Sold out, or (a counted dish) fewer left than the cart holds: say how many, so the diner can take fewer rather than none. */
function soldOutMessage(details: readonly unknown[], names: string[], t: Words, nameIn: (name: string) => string, code: Language): string {
  const left = new Map<string, number>();
  for (const detail of details) {
    if (isSoldOutDetail(detail) && detail.left !== undefined && detail.left > 0) left.set(detail.name, detail.left);
  }
  const gone = names.filter((name) => !left.has(name));
  const parts = [...left].map(([name, count]) => t.onlyLeft({ count, name: nameIn(name) }));
  if (gone.length > 0 || parts.length === 0) {
    const listed = formatList(gone.map(nameIn), code) || t.anItem;
    parts.unshift(gone.length > 1 ? t.soldOutAre({ names: listed }) : t.soldOutIs({ names: listed }));
  }
  const joined = parts.join(code === "zh" ? "；" : "; ");
  if (left.size > 0) return t.soldOutTakeFewer({ parts: joined });
  return gone.length > 1 ? t.soldOutTakeThemOff({ parts: joined }) : t.soldOutTakeItOff({ parts: joined });
}

function PriceChanged({ problem }: { problem: SubmitProblem }) {
  const cart = useCart((state) => state.cart);
  const applyPrices = useCart((state) => state.applyPrices);
  const code = useLanguage();
  const t = useMessages(orderProblemMessages);
  const lines = cartLines(cart);
  const updates: (PriceUpdate & { name: string; was?: string })[] = problem.details.filter(isPriceChangedDetail).map((detail) => {
    const line = lines[detail.index];
    return {
      index: detail.index,
      price: detail.price,
      name: line ? productText(line, code).name : (detail.name ?? t.someItem),
      was: line?.customizedPrice,
    };
  });

  const confirm = () => {
    applyPrices(updates);
    void submitCart();
  };

  return (
    <div className="order-problem" role="alert">
      <p>{t.pricesChanged}</p>
      <ul>
        {updates.map((update) => {
          const price = formatMoney(cents(update.price), code);
          return (
            <li key={update.index}>
              {update.was
                ? t.priceNowWas({ name: update.name, price, was: formatMoney(cents(update.was), code) })
                : t.priceNow({ name: update.name, price })}
            </li>
          );
        })}
      </ul>
      <button type="button" className="button-primary" onClick={confirm} disabled={updates.length === 0}>
        {t.acceptPrices}
      </button>
    </div>
  );
}
