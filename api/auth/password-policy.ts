/**
 * The one password policy (API.md "Trust at the table"), for every path that sets a staff password:
 * start-up with STAFF_PASSWORD, `npm run staff:set`, and any API call that creates or resets an account
 * (all through staff-account-service.ts). NIST SP 800-63B rev. 4 for single-factor passwords: a passphrase of
 * at least 15 characters, at most 256, checked against common passwords — judged by zxcvbn-ts and its
 * password and word lists rather than a list of our own (docs/decisions/0011-password-policy.md).
 */
import { randomBytes } from "node:crypto";
import type { ZxcvbnFactory, ZxcvbnResult } from "@zxcvbn-ts/core";
import { ApiHttpError } from "../lib/errors";

export const MIN_PASSWORD_LENGTH = 15;
export const MAX_PASSWORD_LENGTH = 256;
/**
 * zxcvbn's score 3 = about 10^8 guesses or more ("safely unguessable: moderate protection from an
 * offline slow-hash attack"); our hashes are scrypt at OWASP's strength. Score 4 would also refuse
 * ordinary four-word passphrases that share words with its dictionaries.
 */
export const MIN_SCORE = 3;
/** How much of a password zxcvbn-ts judges (the length rule counts all of it). */
const JUDGED_LENGTH = 64;

export type PasswordProblem = "blank" | "too_short" | "too_long" | "repetitive" | "common";

export interface PasswordVerdict {
  problem: PasswordProblem;
  /** A sentence for the person choosing the password. */
  reason: string;
}

// The dictionaries are megabytes: loaded on the first password set, never by a server that sets none.
let estimator: Promise<ZxcvbnFactory> | undefined;
function loadEstimator(): Promise<ZxcvbnFactory> {
  estimator ??= (async () => {
    const [{ ZxcvbnFactory: Factory }, common, en] = await Promise.all([
      import("@zxcvbn-ts/core"),
      import("@zxcvbn-ts/language-common"),
      import("@zxcvbn-ts/language-en"),
    ]);
    // A check runs synchronously and must stay cheap on a path that a request can reach: no
    // Levenshtein matching, a bound on l33t substitutions, and only the first 64 characters judged
    // (their cost grows with the length; 64 strong characters make a strong password whatever follows,
    // and 64 weak ones are refused). Measured in docs/decisions/0011-password-policy.md.
    return new Factory({
      dictionary: { ...common.dictionary, ...en.dictionary },
      graphs: common.adjacencyGraphs,
      translations: en.translations,
      maxLength: JUDGED_LENGTH,
      l33tMaxSubstitutions: 10,
    });
  })();
  return estimator;
}

const REPEAT_PATTERNS = new Set(["repeat", "sequence", "spatial"]);

function isRepetitive(result: ZxcvbnResult): boolean {
  // Repetition, runs such as "abcdef…" and keyboard walks spanning most of the password: the length is not real.
  const patterned = result.sequence
    .filter((match) => REPEAT_PATTERNS.has(match.pattern))
    .reduce((sum, match) => sum + match.token.length, 0);
  return patterned * 2 >= result.password.length;
}

/** Why `password` may not be set, or undefined when it may. Length counts characters (code points), not UTF-16 units. */
export async function passwordVerdict(password: string): Promise<PasswordVerdict | undefined> {
  const length = [...password].length;
  if (password.trim() === "") return { problem: "blank", reason: "The password is blank." };
  if (length < MIN_PASSWORD_LENGTH) {
    return {
      problem: "too_short",
      reason: `The password has ${length} characters; it needs at least ${MIN_PASSWORD_LENGTH} characters (a few unrelated words make a good passphrase).`,
    };
  }
  if (length > MAX_PASSWORD_LENGTH)
    return { problem: "too_long", reason: `The password has ${length} characters; at most ${MAX_PASSWORD_LENGTH} are allowed.` };
  const result = (await loadEstimator()).check(password);
  if (result.score >= MIN_SCORE) return undefined;
  const advice = result.feedback.warning ? ` (${result.feedback.warning.replace(/\.$/, "")})` : "";
  if (isRepetitive(result))
    return { problem: "repetitive", reason: `The password is repetitive or a simple pattern${advice}; use a few unrelated words.` };
  return { problem: "common", reason: `The password is too common or easy to guess${advice}; use a few unrelated words.` };
}

/** The refusal an API call answers with, in the contract's error shape: 400 `weak_password`, the reason in the message and in `details`. */
export class WeakPasswordError extends ApiHttpError {
  constructor(readonly verdict: PasswordVerdict) {
    super(400, "weak_password", verdict.reason, [{ path: "password", problem: verdict.problem, message: verdict.reason }]);
  }
}

/** Throws WeakPasswordError unless the policy allows `password`. */
export async function assertPasswordAllowed(password: string): Promise<void> {
  const verdict = await passwordVerdict(password);
  if (verdict) throw new WeakPasswordError(verdict);
}

/** A random password the policy allows (the demo account's): 20 base64url characters, 120 bits. */
export async function generatePassword(): Promise<string> {
  for (;;) {
    const candidate = randomBytes(15).toString("base64url");
    // A random string that happens to look like a pattern (vanishingly rare) is drawn again.
    if (!(await passwordVerdict(candidate))) return candidate;
  }
}
