/** Placeholder: Your order — built in its own issue. */
export default function CartPage() {
  return <h1>Your order</h1>;
}
