import { describe, expect, it } from "vitest";
import type { Call } from "../../../contract/schemas";
import { applyCall } from "./open-calls";

const call = (id: string, createdAt: string, status: Call["status"] = "open"): Call => ({
  id,
  kind: "server",
  station_id: "s",
  station_codename: "7",
  branch_id: 1,
  status,
  created_at: createdAt,
  done_at: status === "done" ? createdAt : null,
});

describe("applyCall", () => {
  it("keeps open calls oldest first, replaces a known one, and drops one once done", () => {
    const late = call("b", "2026-11-23T18:05:00.000Z");
    const early = call("a", "2026-11-23T18:00:00.000Z");
    const list = applyCall(applyCall([], late), early);
    expect(list.map((c) => c.id)).toEqual(["a", "b"]);
    expect(applyCall(list, { ...late, station_codename: "Patio" }).map((c) => c.station_codename)).toEqual(["7", "Patio"]);
    expect(applyCall(list, call("a", early.created_at, "done")).map((c) => c.id)).toEqual(["b"]);
    expect(applyCall(list, call("z", early.created_at, "done"))).toEqual(list);
  });
});
