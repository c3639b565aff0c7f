/**
 * Password hashing with scrypt at OWASP's recommended strength (N=2^17, r=8, p=1).
 * Stored as "scrypt$N$r$p$salt$hash" so the parameters can be raised later without breaking old hashes.
 */
import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

const scrypt = (password: string, salt: Buffer, keylen: number, options: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) =>
    scryptCallback(password, salt, keylen, options, (error, key) => (error ? reject(error) : resolve(key))),
  );

/** scrypt's cost parameters; verifying reads them back from the stored hash. */
export interface HashCost {
  N: number;
  r: number;
  p: number;
}

export const RECOMMENDED_COST: HashCost = { N: 2 ** 17, r: 8, p: 1 };
const KEY_LENGTH = 64;

function options(N: number, r: number, p: number): ScryptOptions {
  return { N, r, p, maxmem: 256 * N * r };
}

export async function hashPassword(password: string, { N, r, p }: HashCost = RECOMMENDED_COST): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, options(N, r, p));
  return ["scrypt", N, r, p, salt.toString("base64"), key.toString("base64")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64");
  const actual = await scrypt(password, Buffer.from(salt, "base64"), expected.length, options(Number(n), Number(r), Number(p)));
  return timingSafeEqual(actual, expected);
}

/** A hash to verify against when the e-mail is unknown, so both cases take as long as an account hashed at `cost`. */
const dummyHashes = new Map<string, Promise<string>>();
export function timingDummyHash(cost: HashCost = RECOMMENDED_COST): Promise<string> {
  const key = `${cost.N}$${cost.r}$${cost.p}`;
  let dummy = dummyHashes.get(key);
  if (!dummy) dummyHashes.set(key, (dummy = hashPassword(randomBytes(16).toString("hex"), cost)));
  return dummy;
}
