/**
 * Device cookies (OWASP "Slow down online guessing attacks with device cookies"): a browser that
 * signed in successfully gets a long-lived cookie naming the account, signed with a key only the
 * server knows. A later sign-in to that account from that browser is a *known device*: it has its own
 * lane for the password check and its own failure count, so a burst or a lock-out aimed at unknown
 * browsers does not reach it (api/auth/sign-in-service.ts, docs/decisions/0012-staff-first-under-load.md).
 *
 * The cookie holds up to MAX_DEVICE_ENTRIES entries (a kitchen tablet shared by a few accounts), each
 * `<account tag>.<nonce>.<expires, epoch seconds>.<HMAC-SHA256 of the first three>`. The account tag
 * is a digest of the normalised e-mail, so the cookie never holds the e-mail in clear; the nonce names
 * the device for its failure count; the expiry is signed, so the server enforces it whatever the
 * browser keeps. The key is generated once per database (`server_secrets`), so every instance on it
 * accepts every instance's cookies; deleting the row (and restarting) withdraws every device cookie.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { DatabaseHandle } from "../db/database";
import { tablesOf } from "../db/dialect";

export const DEVICE_COOKIE = "staff_device";
/** Only the sign-in reads it. */
export const DEVICE_COOKIE_PATH = "/api/login";
export const DEVICE_COOKIE_TTL_MS = 365 * 24 * 3_600_000;
/** Accounts remembered per browser; the oldest is dropped beyond it. */
export const MAX_DEVICE_ENTRIES = 5;
const SECRET_NAME = "device_cookie";
/** Longer values are not ours: not parsed at all. */
const MAX_COOKIE_LENGTH = 1024;

/** A digest of the normalised e-mail, as the cookie names the account (and the sign-in counters do). */
export const accountTag = (account: string) => createHash("sha256").update(`login-attempts\0${account}`).digest("base64url").slice(0, 22);

/** The HMAC key, created by the first instance to need it and read by every other one. */
export async function loadDeviceCookieKey(database: DatabaseHandle): Promise<Buffer> {
  const { serverSecrets } = tablesOf(database.db);
  const fresh = randomBytes(32).toString("base64url");
  // Two instances starting together both insert; the database keeps one, and both read that one.
  await database.transaction((tx) =>
    tx
      .insert(serverSecrets)
      .values({ name: SECRET_NAME, value: fresh })
      .onConflictDoNothing()
      .then(() => undefined),
  );
  const [row] = await database.db.select({ value: serverSecrets.value }).from(serverSecrets).where(eq(serverSecrets.name, SECRET_NAME));
  if (!row) throw new Error("the device cookie key could not be stored");
  return Buffer.from(row.value, "base64url");
}

interface Entry {
  tag: string;
  nonce: string;
  expiresAt: number;
  text: string;
}

const sign = (key: Buffer, body: string) => createHmac("sha256", key).update(`device-cookie\0${body}`).digest();

/** The cookie's entries whose signature is right and which have not expired; anything else is ignored. */
function validEntries(key: Buffer, cookie: string | undefined, now: number): Entry[] {
  if (!cookie || cookie.length > MAX_COOKIE_LENGTH) return [];
  const entries: Entry[] = [];
  for (const text of cookie.split("~").slice(0, MAX_DEVICE_ENTRIES)) {
    const match = /^([\w-]{22})\.([\w-]{22})\.(\d{1,12})\.([\w-]{43})$/.exec(text);
    if (!match) continue;
    const [, tag, nonce, expires, mac] = match as unknown as [string, string, string, string, string];
    // Compared as text: decoding would ignore the last character's padding bits, so two spellings
    // of one signature would both pass.
    const expected = Buffer.from(sign(key, `${tag}.${nonce}.${expires}`).toString("base64url"));
    const given = Buffer.from(mac);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) continue;
    const expiresAt = Number(expires) * 1000;
    if (expiresAt <= now) continue;
    entries.push({ tag, nonce, expiresAt, text });
  }
  return entries;
}

/** The device's nonce when the cookie holds a valid, unexpired entry for this account; else undefined. */
export function knownDevice(key: Buffer, cookie: string | undefined, account: string, now: number): string | undefined {
  const tag = accountTag(account);
  return validEntries(key, cookie, now).find((entry) => entry.tag === tag)?.nonce;
}

/**
 * The cookie to set after a successful sign-in to `account`: a fresh entry for it (a new nonce, so
 * the device's failure count starts over), the browser's other valid entries kept, newest first.
 */
export function issueDeviceCookie(
  key: Buffer,
  previous: string | undefined,
  account: string,
  now: number,
): { value: string; expiresAt: Date } {
  const tag = accountTag(account);
  const nonce = randomBytes(16).toString("base64url");
  const expires = Math.floor((now + DEVICE_COOKIE_TTL_MS) / 1000);
  const body = `${tag}.${nonce}.${expires}`;
  const entry = `${body}.${sign(key, body).toString("base64url")}`;
  const others = validEntries(key, previous, now)
    .filter((e) => e.tag !== tag)
    .map((e) => e.text);
  return { value: [entry, ...others].slice(0, MAX_DEVICE_ENTRIES).join("~"), expiresAt: new Date(expires * 1000) };
}
