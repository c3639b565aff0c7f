import { describe, expect, it } from "vitest";
import type { Call } from "../../../contract/schemas";
import { withCallEvent, withOpenCalls, type CallViews } from "./use-call-staff";

const call = (id: string, kind: Call["kind"], status: Call["status"] = "open"): Call => ({
  id,
  kind,
  station_id: "s1",
  branch_id: 1,
  status,
  created_at: "2026-03-10T12:00:00Z",
});
const idle: CallViews = { server: { status: "idle" }, bill: { status: "idle" } };

describe("a table's calls on the phone", () => {
  it("shows the open ones it learns of, and takes one it showed open that is gone as done", () => {
    const open = withOpenCalls(idle, [call("c1", "server")]);
    expect(open.server).toEqual({ status: "open", call: call("c1", "server") });
    expect(open.bill).toEqual({ status: "idle" });
    const after = withOpenCalls(open, []);
    expect(after.server.status).toBe("done");
    expect(withOpenCalls(idle, []).server.status).toBe("idle");
  });

  it("turns to done when staff finish the call it shows, not an older one", () => {
    const open = withCallEvent(idle, call("c2", "bill"));
    expect(open.bill.status).toBe("open");
    expect(withCallEvent(open, call("c1", "bill", "done"))).toBe(open);
    const done = withCallEvent(open, call("c2", "bill", "done"));
    expect(done.bill).toEqual({ status: "done", call: call("c2", "bill", "done") });
    expect(done.server.status).toBe("idle");
  });
});
