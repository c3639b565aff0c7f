import type { PaymentMethod } from "../../../contract/menu";
import { restaurantDateTime } from "../../../contract/restaurant-time";

export const PAID_WITH_TEXT: Record<PaymentMethod, string> = { cash: "cash", card: "card", other: "other" };

/** "18:05" for today's times; the date too for a tab left open since another day. */
export function timeOf(iso: string, now = Date.now()): string {
  const [day, time] = restaurantDateTime(Date.parse(iso)).split(" ") as [string, string];
  return day === restaurantDateTime(now).split(" ")[0] ? time.slice(0, 5) : `${day} ${time.slice(0, 5)}`;
}
