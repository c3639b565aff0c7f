import { afterEach, describe, expect, it, vi } from "vitest";
import type { Printer } from "../../../contract/schemas";
import { fakeFetch, settle } from "../../shared/fake-fetch.test-support";
import { RELOAD, ServerDataStore } from "../../shared/use-server-data";
import { printersData } from "./use-printers";

const printer = (id: number, branchId: number, status: Printer["status"] = "online") =>
  ({
    id,
    branch_id: branchId,
    name: `P${id}`,
    host: "10.0.0.9",
    port: 9100,
    prep_station: "kitchen",
    receipts: false,
    status,
    queued: 0,
  }) as Printer;

afterEach(() => vi.unstubAllGlobals());

describe("the branch's printers", () => {
  it("drops a late list for the branch just left", async () => {
    const fetch = fakeFetch();
    const printers = new ServerDataStore<number, Printer[]>({ key: null, ...printersData(2) });
    printers.follow(1);
    printers.follow(2);
    fetch.request("branch_id=2").answer([printer(7, 2)]);
    await settle();
    fetch.request("branch_id=1").answer([printer(3, 1)]);
    await settle();
    expect(printers.state).toEqual({ status: "ready", data: [printer(7, 2)], error: null });
  });

  it("reads again on an order only while a printer is offline (its queue grew)", () => {
    const { reduce } = printersData(1);
    const order = { type: "order.created", data: {} } as never;
    expect(reduce!([printer(1, 1)], order, 1)).toBeUndefined();
    expect(reduce!([printer(1, 1, "offline")], order, 1)).toBe(RELOAD);
    expect(reduce!([printer(1, 1)], { type: "printer.offline", data: {} } as never, 1)).toBe(RELOAD);
  });
});
