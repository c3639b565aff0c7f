/**
 * The diner's screens hold server data the one way (useServerData): an answer for the table, order or
 * branch the phone has left is dropped, whatever order the answers come back in.
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Call, PublicOrder, TableCart } from "../../contract/schemas";
import { fakeFetch, settle } from "../shared/fake-fetch.test-support";
import { menuData } from "../shared/use-menu";
import { ServerDataStore, type ServerDataOptions } from "../shared/use-server-data";
import { sharedCartData } from "./cart/cart-sync";
import { liveOrderData } from "./order-status/use-live-order";
import { callStaffData } from "./service/use-call-staff";

vi.stubGlobal("localStorage", { getItem: () => null, setItem: () => undefined, removeItem: () => undefined });
afterEach(() => vi.unstubAllGlobals());

/** Follows `first`, then `second`; answers the second's request, then the first's; returns what shows. */
async function lateAnswerFor<K extends string | number, T>(
  options: Omit<ServerDataOptions<K, T>, "key">,
  [first, second]: [K, K],
  answers: [unknown, unknown],
) {
  const fetch = fakeFetch();
  const seen: T[] = [];
  const data = new ServerDataStore<K, T>({ key: null, ...options, onData: (value) => seen.push(value) });
  data.follow(first);
  data.follow(second);
  fetch.request(String(second)).answer(answers[1]);
  await settle();
  fetch.request(String(first)).answer(answers[0]);
  await settle();
  return { state: data.state, seen };
}

const call = (id: string, table: string) =>
  ({ id, kind: "bill", station_id: table, branch_id: 1, status: "open", created_at: "2026-11-26T12:00:00Z" }) as Call;
const cart = (table: string) => ({ station_id: table, version: 1, lines: [], total: "0.00" }) as unknown as TableCart;

describe("a late answer on the diner's screens", () => {
  it("call buttons: the calls of the table left are dropped", async () => {
    const { state } = await lateAnswerFor(callStaffData(null), ["table-a", "table-b"], [[call("a1", "table-a")], []]);
    expect(state).toMatchObject({ status: "ready", data: { bill: { status: "idle" }, server: { status: "idle" } } });
  });

  it("live order: the order followed before is dropped", async () => {
    const order = (id: string) => ({ id, status: "ready" }) as PublicOrder;
    const { seen } = await lateAnswerFor(
      liveOrderData(null, () => undefined),
      ["order-1", "order-2"],
      [order("order-1"), order("order-2")],
    );
    expect(seen.map((o) => o.id)).toEqual(["order-2"]);
  });

  it("shared cart: the cart of the table left never reaches the cart store", async () => {
    const { seen } = await lateAnswerFor(sharedCartData(null), ["table-a", "table-b"], [cart("table-a"), cart("table-b")]);
    expect(seen.map((c) => c.station_id)).toEqual(["table-b"]);
  });

  it("menu: the branch left's menu does not replace the branch switched to", async () => {
    const menu = (name: string) => ({ main: [{ id: 1, name, price: "1.00", customizations: {} }] });
    const { state } = await lateAnswerFor(menuData({ stream: null, noStore: true }), [1, 2], [menu("Thornhill"), menu("Pickering")]);
    expect(state.status === "ready" && state.data.main[0]!.name).toBe("Pickering");
  });
});
