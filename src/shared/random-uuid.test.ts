import { afterEach, describe, expect, it, vi } from "vitest";
import { UUID_PATTERN } from "../../contract/ids";
import { randomUuid } from "./random-uuid";

describe("randomUuid", () => {
  afterEach(() => vi.unstubAllGlobals());

  it("makes a v4 UUID, also where crypto.randomUUID is missing (plain http)", () => {
    expect(randomUuid()).toMatch(UUID_PATTERN);
    const real = globalThis.crypto;
    vi.stubGlobal("crypto", { getRandomValues: (bytes: Uint8Array) => real.getRandomValues(bytes) });
    const made = new Set(Array.from({ length: 20 }, randomUuid));
    expect(made.size).toBe(20);
    for (const id of made) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
