import { afterEach, describe, expect, it, vi } from "vitest";
import type { Call } from "../../../contract/schemas";
import { fakeFetch, settle } from "../../shared/fake-fetch.test-support";
import { ServerDataStore } from "../../shared/use-server-data";
import { openCallsData } from "./use-open-calls";

const call = (id: string, branchId: number) =>
  ({ id, kind: "server", station_id: "t", branch_id: branchId, status: "open", created_at: "2026-11-26T12:00:00Z" }) as Call;

afterEach(() => vi.unstubAllGlobals());

describe("the staff's open calls", () => {
  it("drops a late list for the branch just left", async () => {
    const fetch = fakeFetch();
    const calls = new ServerDataStore<number, Call[]>({ key: null, ...openCallsData(2, () => undefined) });
    calls.follow(1);
    calls.follow(2);
    fetch.request("branch_id=2").answer([call("p", 2)]);
    await settle();
    fetch.request("branch_id=1").answer([call("t", 1)]);
    await settle();
    expect(calls.state).toEqual({ status: "ready", data: [call("p", 2)], error: null });
  });
});
