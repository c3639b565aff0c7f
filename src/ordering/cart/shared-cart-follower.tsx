import { useSharedCart } from "./cart-sync";

/**
 * Keeps the table's shared cart live on the order screen. A component of its own so the order screen
 * can fetch its code once the menu shows: the phone's stored copy of the cart is on screen meanwhile.
 */
export default function SharedCartFollower({ tableId }: { tableId: string }) {
  useSharedCart(tableId);
  return null;
}
