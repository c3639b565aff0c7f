/** Placeholder: Kitchen — built in its own issue. */
export default function KitchenPage() {
  return <h1>Kitchen</h1>;
}
