import { afterEach, describe, expect, it, vi } from "vitest";
import type { Order } from "../../../contract/schemas";
import { fakeFetch, settle } from "../../shared/fake-fetch.test-support";
import type { LiveEvent } from "../../shared/use-live-events";
import { ServerDataStore } from "../../shared/use-server-data";
import type { Board } from "./board";
import { kitchenBoardData, type OrderNews } from "./use-kitchen-board";

const order = (id: string, status: Order["status"] = "received") => ({ id, status, updated_at: "2026-11-26T12:00:00Z" }) as Order;

afterEach(() => vi.unstubAllGlobals());

describe("the kitchen board's data", () => {
  it("drops a late list for the branch just left", async () => {
    const fetch = fakeFetch();
    const board = new ServerDataStore<number, Board>({ key: null, ...kitchenBoardData(1, () => undefined) });
    board.follow(1);
    board.follow(2);
    fetch.request("branch_id=2").answer([order("pickering")]);
    await settle();
    fetch.request("branch_id=1").answer([order("thornhill")]);
    await settle();
    expect(board.state).toMatchObject({ status: "ready", data: { pickering: order("pickering") } });
    expect(Object.keys((board.state as { data: Board }).data)).toEqual(["pickering"]);
  });

  it("tells of a new order and a released one, and applies the events", async () => {
    const fetch = fakeFetch();
    const news: [string, OrderNews][] = [];
    const board = new ServerDataStore<number, Board>({ key: null, ...kitchenBoardData(1, (o, what) => news.push([o.id, what])) });
    board.follow(1);
    fetch.request("branch_id=1").answer([order("a", "held")]);
    await settle();
    board.onEvent({ type: "order.created", data: order("b") } as LiveEvent);
    board.onEvent({ type: "order.updated", data: { ...order("a"), updated_at: "2026-11-26T12:01:00Z" } } as LiveEvent);
    expect(news).toEqual([
      ["b", "new"],
      ["a", "released"],
    ]);
    expect(Object.keys((board.state as { data: Board }).data).sort()).toEqual(["a", "b"]);
  });
});
