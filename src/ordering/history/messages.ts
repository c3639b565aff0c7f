/** "Order again" in English. */
import { count, i18n, params } from "../../shared/i18n/i18n";

export const orderAgainMessages = i18n("orderAgain", {
  heading: "Your earlier orders at this table",
  again: "Order again",
  againLabel: params("Order again: order #{number}"),
  added: params(
    count({
      one: "Added 1 item from order #{number} to your cart at today's prices.",
      other: "Added {count} items from order #{number} to your cart at today's prices.",
    }),
  ),
  nothing: params("Nothing from order #{number} can be ordered right now."),
  viewCart: "View cart",
  fewLeft: params("Only a few left: {lines}."),
  leftOut: params("Left out: {items}."),
  soldOut: params("{name} (sold out)"),
  notToday: params("{name} (only on {day}s)"),
  notTodayUnknown: params("{name} (only on its day)"),
  gone: params("{name} (no longer on the menu)"),
  changed: params("{name} (its choices changed — add it from the menu)"),
});
