/** A diner's e-mailed receipt (on the order's status screen), in English; Filipino and Chinese in src/shared/i18n/catalogs/. */
import { i18n, params } from "../../shared/i18n/i18n";

export const emailReceiptMessages = i18n("emailReceipt", {
  heading: "Email me a receipt",
  hint: "Your table's check as it stands now: what was ordered, tax, and anything paid.",
  emailLabel: "Your email address",
  send: "Email my receipt",
  sending: "Sending…",
  sent: params("We'll email your receipt to {email}."),
  invalidEmail: "Enter an email address, like name@example.com.",
  off: "Email receipts aren't available here right now. Please ask your server for a printed receipt.",
  visitEnded: "Your table's visit has ended. Please ask your server for a receipt.",
  nothingYet: "There's nothing on your table's check yet. Ask again once you have ordered.",
  tooMany: "Your table has asked for all the email receipts it can this visit. Please ask your server for another.",
  tableNotFound: "We couldn't find your table. Please scan the QR code on your table again.",
  noConnection: "Can't reach the restaurant right now. Check your connection and try again.",
  failed: "Your receipt couldn't be sent. Please try again, or ask your server.",
});
