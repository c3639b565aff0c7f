import type { Call } from "../../../contract/schemas";

/** Adds or replaces `call`, or drops it once done; oldest first, as the server lists them. */
export function applyCall(calls: readonly Call[], call: Call): Call[] {
  const others = calls.filter((c) => c.id !== call.id);
  if (call.status !== "open") return others;
  return [...others, call].sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
}
