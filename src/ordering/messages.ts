/**
 * The ordering flow's words in English, one component per screen part (the Filipino and Chinese
 * are in src/shared/i18n/catalogs/). Split by chunk: this file is the order screen's; the cart,
 * the product panel, "order again", the dietary filter's choices (menu/messages.ts) and the update prompt have their own. A dish's name and description come from the menu data instead.
 */
import { count, i18n, params } from "../shared/i18n/i18n";

export const orderPageMessages = i18n("orderPage", {
  documentTitle: "Order — Limitless Bar & Grill",
  loading: "Loading...",
  error: params("Error: {message}"),
  tryAgain: "Try again",
  tableHeading: params("Ordering for table {table}"),
  menuHeading: "Menu",
  categories: "Menu categories",
  emptyMenu: "The menu is empty right now. Please ask your server.",
  nothingFits: "No dish fits your filter. Change it above, or ask your server.",
  onlyOn: params("Only on {day}s"),
  left: count({ one: "{count} left", other: "{count} left" }),
  inCart: count({ one: "{count} in cart", other: "{count} in cart" }),
  viewOrder: "View your order",
  viewCart: params("View cart • {total}"),
  justSoldOut: "Sorry — this item has just sold out.",
  specialOnlyOn: params("Sorry — this special is only on {day}s."),
  allInCart: count({ one: "Only 1 left, and it is in your cart.", other: "Only {count} left, and they are all in your cart." }),
  scanToOrder: "Scan the QR code on your table to order.",
  orderOnItsWay: "Your order is on its way to the kitchen. You can add more as soon as the restaurant has it.",
  tableOrderSent: params("Your table's order #{number} has been sent: see how it's going."),
  visitEnded: "This table's visit has ended — thank you for dining with us! This page no longer follows the table.",
  startNewVisit: "Start a new visit",
  happyHourUntil: params("Happy hour until {time}"),
});

/** What the order screen says about the table it was opened for. */

export const tableNoticeMessages = i18n("tableNotice", {
  scan: "Scan the QR code on your table to order. You can browse the menu meanwhile.",
  notATable: "This link is not a table's code. Scan the QR code on your table to order. You can browse the menu meanwhile.",
  notFound: "We couldn't find this table — please scan the QR code on your table again.",
  otherBranch: params("This table is at our {branch} location, so we emptied the cart you started at the other one."),
});

/** Why an order was not placed, in words a diner can act on. */

export const dietFilterMessages = i18n("dietFilter", {
  summary: "Filters",
  summaryOn: count({ one: "Filters · 1 on", other: "Filters · {count} on" }),
  hideWith: "Hide dishes with",
  show: "Show",
  everything: "Everything",
  vegetarianOnly: "Vegetarian only",
  veganOnly: "Vegan only",
  hidden: count({ one: "1 item hidden by your filter.", other: "{count} items hidden by your filter." }),
  clear: "Clear filter",
  contains: params("Contains: {allergens}"),
});

/** Allergens as a dish's "Contains: …" lists them. */

export const allergenMessages = i18n("allergens", {
  peanuts: "peanuts",
  tree_nuts: "tree nuts",
  sesame: "sesame",
  milk: "milk",
  eggs: "eggs",
  fish: "fish",
  crustaceans: "crustaceans",
  molluscs: "molluscs",
  soy: "soy",
  wheat: "wheat",
  mustard: "mustard",
  sulphites: "sulphites",
});

export const dietMessages = i18n("diets", {
  vegetarian: "Vegetarian",
  vegan: "Vegan",
  contains_pork: "Contains pork",
  spicy: "Spicy",
});

export const tableServiceMessages = i18n("tableService", {
  label: "Table service",
  server: "Call a server",
  bill: "Ask for the bill",
  callingServer: "Calling a server…",
  askingBill: "Asking for the bill…",
  serverCalled: "A server is called — someone is on the way.",
  billAsked: "Bill requested — someone is on the way.",
  serverDone: "Done — enjoy!",
  billDone: "Done — thank you!",
  error: "We couldn't reach the restaurant. Please try again, or wave to a server.",
});
