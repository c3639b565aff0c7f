/** Placeholder: Order — built in its own issue. */
export default function OrderPage() {
  return <h1>Order</h1>;
}
