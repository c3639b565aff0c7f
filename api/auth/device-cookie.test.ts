import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE_TTL_MS, MAX_DEVICE_ENTRIES, issueDeviceCookie, knownDevice } from "./device-cookie";

const key = randomBytes(32);
const now = Date.UTC(2026, 10, 1);
const manager = "owner@limitless.example";

describe("device cookies", () => {
  it("recognise the account they were issued for, until they expire, and never hold the e-mail", () => {
    const { value, expiresAt } = issueDeviceCookie(key, undefined, manager, now);
    expect(value).not.toContain("manager");
    expect(expiresAt.getTime()).toBeLessThanOrEqual(now + DEVICE_COOKIE_TTL_MS);
    expect(knownDevice(key, value, manager, now)).toMatch(/^[\w-]{22}$/);
    expect(knownDevice(key, value, manager, now + DEVICE_COOKIE_TTL_MS - 1_000)).toBeDefined();
    expect(knownDevice(key, value, manager, now + DEVICE_COOKIE_TTL_MS)).toBeUndefined();
  });

  it("give nothing to another account, another key, or a changed signature, nonce or expiry", () => {
    const { value } = issueDeviceCookie(key, undefined, manager, now);
    expect(knownDevice(key, value, "cook@limitless.example", now)).toBeUndefined();
    expect(knownDevice(randomBytes(32), value, manager, now)).toBeUndefined();
    const [tag, nonce, expires, mac] = value.split(".") as [string, string, string, string];
    const flip = (text: string) => (text[0] === "A" ? "B" : "A") + text.slice(1);
    for (const forged of [
      `${tag}.${nonce}.${expires}.${flip(mac)}`,
      `${tag}.${flip(nonce)}.${expires}.${mac}`,
      `${tag}.${nonce}.${Number(expires) + 86_400}.${mac}`,
    ]) {
      expect(knownDevice(key, forged, manager, now)).toBeUndefined();
    }
    for (const junk of [undefined, "", "x", "a".repeat(5_000)]) expect(knownDevice(key, junk, manager, now)).toBeUndefined();
  });

  it("remember several accounts on one browser, renewing the account signed in to and dropping the oldest beyond the limit", () => {
    let cookie: string | undefined;
    const accounts = Array.from({ length: MAX_DEVICE_ENTRIES + 1 }, (_, i) => `staff${i}@limitless.example`);
    const first = issueDeviceCookie(key, cookie, accounts[0]!, now).value;
    cookie = first;
    for (const account of accounts.slice(1)) cookie = issueDeviceCookie(key, cookie, account, now).value;
    expect(knownDevice(key, cookie, accounts[0]!, now)).toBeUndefined();
    for (const account of accounts.slice(1)) expect(knownDevice(key, cookie, account, now)).toBeDefined();

    // Signing in again replaces the account's entry (a new nonce) instead of adding one.
    const before = knownDevice(key, cookie, accounts[3]!, now);
    const renewed = issueDeviceCookie(key, cookie, accounts[3]!, now).value;
    expect(renewed.split("~")).toHaveLength(MAX_DEVICE_ENTRIES);
    expect(knownDevice(key, renewed, accounts[3]!, now)).not.toBe(before);
  });
});
