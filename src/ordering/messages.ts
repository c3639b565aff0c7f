/**
 * The ordering flow's words in English, one component per screen part (the Filipino and Chinese
 * are in src/shared/i18n/catalogs/). A dish's name and description come from the menu data instead.
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
  alreadySent: "Your order has been sent. To add more, open your order and choose Order more.",
});

/** What the order screen says about the table it was opened for. */
export const tableNoticeMessages = i18n("tableNotice", {
  scan: "Scan the QR code on your table to order. You can browse the menu meanwhile.",
  notATable: "This link is not a table's code. Scan the QR code on your table to order. You can browse the menu meanwhile.",
  notFound: "We couldn't find this table — please scan the QR code on your table again.",
  otherBranch: params("This table is at our {branch} location, so we emptied the cart you started at the other one."),
});

export const productDialogMessages = i18n("productDialog", {
  choose: params("Choose: {groups}"),
  close: "Close",
  add: params("Add • {price}"),
  none: "None",
  required: "(required)",
  optional: "(optional)",
  any: "(any)",
  noteLabel: "Note for the kitchen (optional)",
  notePlaceholder: "e.g. no onions",
});

export const cartMessages = i18n("cart", {
  documentTitle: "Your order — Limitless Bar & Grill",
  heading: "Your order",
  submitted: "Your order has been submitted.",
  sending: "Sending your order…",
  waiting: "Waiting to send.",
  waitingDetail:
    "We can't reach the restaurant right now. Your order is saved on this phone and will be sent automatically as soon as the connection is back — keep this page open or come back to it.",
  tryNow: "Try now",
  empty: "Your cart is empty.",
  caption: "Items in your order",
  quantity: "Qty",
  item: "Item",
  price: "Price",
  removeOne: "Remove 1",
  removeOneOf: params("Remove 1 {name}"),
  note: params("Note: {note}"),
  subtotal: "Subtotal",
  tax: params("HST ({rate}%)"),
  total: "Total",
  returnHome: "Return home",
  orderMore: "Order more",
  backToMenu: "Back to Menu",
  submit: "Submit Order",
  scanToSend: "Scan the QR code on your table to send this order.",
});

export const orderStatusMessages = i18n("orderStatus", {
  orderNumber: params("Order #{number}"),
  status: "Status:",
  sent: "Sent",
  sentText: "The restaurant has your order; it will be on the kitchen's screen in a moment.",
  seen: "In the kitchen",
  seenText: "The kitchen has your order.",
  preparing: "Preparing",
  preparingText: "Your food is being prepared.",
  ready: "Ready",
  readyText: "Your order is ready.",
  served: "Served",
  servedText: "Enjoy your meal!",
  cancelled: "Cancelled",
  cancelledText: "This order was cancelled. Please ask your server.",
  readyAround: params("Ready around {time}"),
  stale: "Can't reach the restaurant right now — the status may be out of date. Retrying…",
});

/** Why an order was not placed, in words a diner can act on. */
export const orderProblemMessages = i18n("orderProblem", {
  soldOutOne: params('Sorry — {names} is sold out. Remove it with "Remove 1", then submit again.'),
  soldOutMany: params('Sorry — {names} are sold out. Remove them with "Remove 1", then submit again.'),
  anItem: "an item in your order",
  notTodayOne: params('Sorry — {names} is only available on {days}. Remove it with "Remove 1", then submit again.'),
  notTodayMany: params('Sorry — {names} are only available on {days}. Remove them with "Remove 1", then submit again.'),
  aSpecial: "a special in your order",
  itsOwnDay: "its own day",
  onDays: params("{day}s"),
  tableNotFound: "We couldn't find your table. Please scan the QR code on your table again, then submit your order.",
  changedWhileSending: "Your order changed while it was being sent. Please submit it again.",
  notSent: params("Your order was not sent: {reason}"),
  neverSent: "Your order was never sent: there was no connection for too long. Please submit it again.",
  unconfirmed: "We couldn't confirm that your order reached the kitchen. Please ask your server before ordering again.",
  offline: "You're offline.",
  pricesChanged: "Some prices have changed since you opened the menu:",
  someItem: "An item",
  priceNow: params("{name}: now {price}"),
  priceNowWas: params("{name}: now {price} each (was {was})"),
  acceptPrices: "Accept new prices and submit",
});

export const pwaMessages = i18n("pwaPrompt", {
  newVersion: "A new version of this site is available.",
  reload: "Reload",
  later: "Later",
});

export const dietFilterMessages = i18n("dietFilter", {
  summary: "Dietary filter",
  summaryOn: count({ one: "Dietary filter (1 on)", other: "Dietary filter ({count} on)" }),
  hideWith: "Hide dishes with",
  show: "Show",
  everything: "Everything",
  vegetarianOnly: "Vegetarian only",
  veganOnly: "Vegan only",
  hidden: count({ one: "1 item hidden by your filter.", other: "{count} items hidden by your filter." }),
  clear: "Clear filter",
  contains: params("Contains: {allergens}"),
});

/** The filter's "hide" choices, in the words diners use. */
export const hideChoiceMessages = i18n("hideChoices", {
  peanuts: "Peanuts",
  tree_nuts: "Tree nuts",
  sesame: "Sesame",
  milk: "Milk",
  eggs: "Eggs",
  fish: "Fish",
  shellfish: "Shellfish",
  soy: "Soy",
  wheat: "Wheat (gluten)",
  mustard: "Mustard",
  sulphites: "Sulphites",
  pork: "Pork",
  spicy: "Spicy",
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
