import { describe, expect, it } from "vitest";
import type { LiveEvent } from "./use-live-events";
import { RELOAD, ServerDataStore, type ServerDataOptions } from "./use-server-data";

/** A loader whose answers the test hands over, in any order. */
function fakeLoader<T>() {
  const asked: { key: string; resolve(value: T): void; reject(error: unknown): void }[] = [];
  const load = (key: string) => new Promise<T>((resolve, reject) => asked.push({ key, resolve, reject }));
  return { asked, load };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const callEvent = (id: string): LiveEvent =>
  ({ type: "call.created", data: { id, kind: "server", station_id: "t1", branch_id: 1, status: "open", created_at: "" } }) as LiveEvent;

function store<T>(options: Omit<ServerDataOptions<string, T>, "key">) {
  return new ServerDataStore<string, T>({ key: null, ...options });
}

describe("ServerDataStore", () => {
  it("drops a late answer for the key it has left", async () => {
    const loader = fakeLoader<string>();
    const data = store({ load: loader.load });
    data.follow("branch-1");
    data.follow("branch-2");
    loader.asked[1]!.resolve("tabs of branch 2");
    await settle();
    loader.asked[0]!.resolve("tabs of branch 1");
    await settle();
    expect(data.state).toEqual({ status: "ready", data: "tabs of branch 2", error: null });
  });

  it("drops an answer a newer request for the same key overtook", async () => {
    const loader = fakeLoader<string>();
    const data = store({ load: loader.load });
    data.follow("t1");
    void data.load();
    loader.asked[1]!.resolve("newer");
    loader.asked[0]!.resolve("older");
    await settle();
    expect(data.state).toMatchObject({ data: "newer" });
  });

  it("drops a late failure for the key it has left, and keeps data shown when a reload fails", async () => {
    const loader = fakeLoader<string>();
    const data = store({ load: loader.load });
    data.follow("a");
    data.follow("b");
    loader.asked[0]!.reject(new Error("gone"));
    loader.asked[1]!.resolve("b's");
    await settle();
    expect(data.state).toEqual({ status: "ready", data: "b's", error: null });
    data.reload();
    loader.asked[2]!.reject(new Error("offline"));
    await settle();
    expect(data.state).toMatchObject({ status: "ready", data: "b's", error: { message: "offline" } });
  });

  it("applies events that arrived while the request was in flight on top of its answer", async () => {
    const loader = fakeLoader<string[]>();
    const data = store<string[]>({
      load: loader.load,
      reduce: (ids, event) => (event.type === "call.created" ? [...(ids ?? []), event.data.id] : undefined),
    });
    data.follow("branch");
    data.onEvent(callEvent("c2"));
    expect(data.state.status).toBe("loading");
    loader.asked[0]!.resolve(["c1"]);
    await settle();
    expect(data.state).toMatchObject({ data: ["c1", "c2"] });
    data.onEvent(callEvent("c3"));
    expect(data.state).toMatchObject({ data: ["c1", "c2", "c3"] });
  });

  it("reads again for an unreadable event or one the reducer cannot apply", async () => {
    const loader = fakeLoader<number>();
    const data = store<number>({ load: loader.load, reduce: () => RELOAD });
    data.follow("k");
    loader.asked[0]!.resolve(1);
    await settle();
    data.onEvent(null);
    data.onEvent(callEvent("c"));
    expect(loader.asked).toHaveLength(3);
  });

  it("hands every new data to onData, for the key it is for", async () => {
    const loader = fakeLoader<string>();
    const seen: [string, string][] = [];
    const data = store<string>({ load: loader.load, onData: (value, key) => seen.push([value, key]) });
    data.follow("x");
    data.follow("y");
    loader.asked[0]!.resolve("x's");
    loader.asked[1]!.resolve("y's");
    await settle();
    data.update((value) => `${value}!`);
    expect(seen).toEqual([
      ["y's", "y"],
      ["y's!", "y"],
    ]);
  });
});
