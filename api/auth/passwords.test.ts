import { describe, expect, it } from "vitest";
import { hashPassword, RECOMMENDED_COST, verifyPassword } from "./passwords";

describe("password hashes", () => {
  // Four full-strength hashes (128 MiB and about half a second each on an idle core) share two cores with the
  // rest of the suite: the default 5 s is not enough on a busy machine.
  it("are scrypt at OWASP's recommended strength by default, salted, and verify only the right password", { timeout: 30_000 }, async () => {
    const stored = await hashPassword("correct horse");
    const [scheme, N, r, p, salt, hash] = stored.split("$");
    expect([scheme, Number(N), Number(r), Number(p)]).toEqual(["scrypt", 2 ** 17, 8, 1]);
    expect(RECOMMENDED_COST).toEqual({ N: 2 ** 17, r: 8, p: 1 });
    expect(Buffer.from(salt!, "base64")).toHaveLength(16);
    expect(Buffer.from(hash!, "base64")).toHaveLength(64);
    expect(await hashPassword("correct horse")).not.toBe(stored);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct horsE", stored)).toBe(false);
  });

  it("verify with the cost stored in the hash, so a cheaper or stronger one still checks", async () => {
    const cheap = await hashPassword("pw", { N: 2 ** 12, r: 8, p: 1 });
    expect(cheap.startsWith("scrypt$4096$8$1$")).toBe(true);
    expect(await verifyPassword("pw", cheap)).toBe(true);
    expect(await verifyPassword("pw!", cheap)).toBe(false);
  });

  it("refuse a stored value that is not an scrypt hash", async () => {
    expect(await verifyPassword("pw", "")).toBe(false);
    expect(await verifyPassword("pw", "bcrypt$x$y")).toBe(false);
  });
});
