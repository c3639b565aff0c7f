/**
 * Staff sign-in that can be neither raced nor turned against the account's owner (API.md "Limits and abuse").
 *
 * - Every attempt takes its slot in the database counters BEFORE the password is hashed, so 30
 *   concurrent guesses cannot all slip through while the first ones are still hashing: only the first
 *   `perAccount` reach the hash, the rest are answered 429 at the cost of one SQL statement.
 * - The count is per (e-mail, client address): a stranger's failures lock only the stranger out, and
 *   the owner signs in from their own address as usual.
 * - A looser count per client address (`perAddress`, across e-mails) stops one address from getting a
 *   fresh allowance of hashes for every e-mail it makes up — each a 128 MiB scrypt — which would let it
 *   keep the hash line full and delay everyone's sign-in, or spray guesses across all staff accounts.
 *   Staff are few and rarely mistype 30 times in 15 minutes, so it never bites them by accident; the
 *   price is that someone sharing the staff's address (the restaurant Wi-Fi) can lock that address out
 *   for the window — staff can still sign in from any other network.
 * - At most `maxConcurrentHashes` hashes run at once (HashGate); beyond its line, 503 busy.
 * - A browser that signed in to this account before carries a device cookie (device-cookie.ts). Its
 *   attempts skip both counts above and the unknown browsers' line: they are counted per device
 *   (`perAccount` per window, so a stolen cookie buys five guesses, not a bypass) and hashed in a
 *   lane of their own (`knownDeviceHashes`, one more hash at most), so a burst of unknown sign-ins or
 *   a locked-out restaurant address never keeps staff from signing in on their own tablet.
 * - Counter keys and log lines never hold a typed e-mail in clear: the key uses a SHA-256 digest (it
 *   must be the same on every instance), a failed attempt's log line a short HMAC under a key that
 *   lives only in this process's memory (enough to see one e-mail being hammered, useless to reverse).
 */
import { ApiHttpError, RetryLaterError } from "../lib/errors";
import { createHmac, randomBytes } from "node:crypto";
import { addressBlock } from "../lib/client-address";
import type { ServiceDeps } from "../service-deps";
import { accountTag, issueDeviceCookie, knownDevice, loadDeviceCookieKey } from "./device-cookie";
import { HashGate, HashGateFull } from "./hash-gate";
import { clearAttempts, pruneAttempts, releaseAttempt, reserveAttempt } from "./login-attempt-repository";
import { timingDummyHash, verifyPassword } from "./passwords";
import { PIN_PATTERN } from "../../contract/roles";
import { announce } from "../db/announce";
import { deleteSession, findStaffAccount, findStaffByEmail, insertSession, normalizeEmail, type StaffRow } from "./staff-repository";
import { type StaffIdentity } from "./session-queries";

export interface LoginLimits {
  windowMs: number;
  /** Attempts per (e-mail, client address) per window. */
  perAccount: number;
  /** Attempts per client address per window, whatever the e-mail (successful ones give their slot back). */
  perAddress: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = { windowMs: 15 * 60_000, perAccount: 5, perAddress: 30 };

export interface SignInOptions {
  limits: LoginLimits;
  /** Password hashes running at once (each scrypt check holds 128 MiB). */
  maxConcurrentHashes: number;
  /** Attempts waiting for a hash slot; one more is answered 503 busy. At ~0.4 s a hash, 16 wait at most ~3 s. */
  maxWaitingHashes: number;
  /** The known devices' own lane: hashes at once beside the others, and attempts waiting for it. */
  knownDeviceHashes: number;
  maxWaitingKnownDeviceHashes: number;
  verifyPassword: (password: string, stored: string) => Promise<boolean>;
  now: () => number;
}

export const DEFAULT_SIGN_IN_OPTIONS: SignInOptions = {
  limits: DEFAULT_LOGIN_LIMITS,
  maxConcurrentHashes: 2,
  maxWaitingHashes: 16,
  knownDeviceHashes: 1,
  maxWaitingKnownDeviceHashes: 8,
  verifyPassword,
  now: Date.now,
};

type SignInDeps = Pick<ServiceDeps, "database" | "logger" | "clock" | "passwordHashCost">;

export type SignInResult =
  | {
      outcome: "signed_in";
      staff: Pick<StaffIdentity, "id" | "email">;
      token: string;
      expiresAt: Date;
      deviceCookie: { value: string; expiresAt: Date };
    }
  | { outcome: "invalid_credentials" }
  | { outcome: "too_many_attempts"; retryAfterSeconds: number }
  | { outcome: "busy"; retryAfterSeconds: number };

/** The one answer to a refused PIN, for every route that checks one (the take-over, a manager's approval). */
export type PinRefusal = Extract<SignInResult, { outcome: "invalid_credentials" | "too_many_attempts" | "busy" }>;

export function refusePin(refusal: PinRefusal): never {
  switch (refusal.outcome) {
    case "too_many_attempts":
      throw new RetryLaterError(
        429,
        "too_many_attempts",
        "Too many PIN attempts. Wait a few minutes and try again.",
        refusal.retryAfterSeconds,
      );
    case "busy":
      throw new RetryLaterError(
        503,
        "busy",
        "The server is busy checking other sign-ins. Try again in a moment.",
        refusal.retryAfterSeconds,
      );
    case "invalid_credentials":
      throw new ApiHttpError(401, "invalid_credentials", "That person or PIN is not right.");
  }
}

/** How long a client turned away by a full hash line should wait: about one round of the line. */
const BUSY_RETRY_SECONDS = 2;
const PRUNE_EVERY_MS = 60_000;

const secondsUntil = (epochMs: number, now: number) => Math.max(1, Math.ceil((epochMs - now) / 1000));

export class SignInService {
  readonly options: SignInOptions;
  private readonly gate: HashGate;
  private readonly knownDeviceGate: HashGate;
  private deviceKey: Promise<Buffer> | undefined;
  private readonly logKey = randomBytes(32);
  private nextPruneAt = 0;

  private readonly database: SignInDeps["database"];
  private readonly logger: SignInDeps["logger"];
  private readonly passwordHashCost: SignInDeps["passwordHashCost"];

  /** `options.now` defaults to the server's clock. */
  constructor({ database, logger, clock, passwordHashCost }: SignInDeps, options: Partial<SignInOptions> = {}) {
    this.database = database;
    this.logger = logger;
    this.passwordHashCost = passwordHashCost;
    this.options = { ...DEFAULT_SIGN_IN_OPTIONS, now: () => clock.now().getTime(), ...options };
    this.gate = new HashGate(this.options.maxConcurrentHashes, this.options.maxWaitingHashes);
    this.knownDeviceGate = new HashGate(this.options.knownDeviceHashes, this.options.maxWaitingKnownDeviceHashes);
  }

  async signIn(input: {
    email: string;
    password: string;
    address: string;
    /** Where the attempt's lines go: the request's logger (its req_id); default the service's. */
    logger?: SignInDeps["logger"];
    sessionTtlMs: number;
    deviceCookie?: string;
  }): Promise<SignInResult> {
    const logger = input.logger ?? this.logger;
    const { limits } = this.options;
    const account = normalizeEmail(input.email);
    const block = addressBlock(input.address);
    const now = this.options.now();
    const deviceKey = await this.loadDeviceKey();
    const device = knownDevice(deviceKey, input.deviceCookie, account, now);
    const logFields = { emailHash: this.logHash(account), address: input.address, device: device ? "known" : "unknown" };
    await this.prune(now);

    // What this attempt counts against: a known device only its own count; any other browser its
    // address and its (e-mail, address) pair. `release` gives the slots back if no hash ran.
    const deviceCounter = `device:${device}`;
    const addressKey = `address:${block}`;
    const accountKey = `account:${accountTag(account)}@${block}`;
    const counters = device
      ? { release: [deviceCounter], clearOnSuccess: [deviceCounter], releaseOnSuccess: [] }
      : { release: [accountKey, addressKey], clearOnSuccess: [accountKey], releaseOnSuccess: [addressKey] };
    const refused = await this.database.transaction(async (tx) => {
      if (device) {
        const byDevice = await reserveAttempt(tx, deviceCounter, limits.windowMs, now);
        return byDevice.attempts <= limits.perAccount ? undefined : { scope: "device", windowEndsAt: byDevice.windowEndsAt };
      }
      // The address first: once it is over its cap, no per-e-mail row is created for made-up e-mails.
      const byAddress = await reserveAttempt(tx, addressKey, limits.windowMs, now);
      if (byAddress.attempts > limits.perAddress) return { scope: "address", windowEndsAt: byAddress.windowEndsAt };
      const byAccount = await reserveAttempt(tx, accountKey, limits.windowMs, now);
      if (byAccount.attempts <= limits.perAccount) return undefined;
      await releaseAttempt(tx, addressKey); // refused before any hash: no reason to charge the address
      return { scope: "account", windowEndsAt: byAccount.windowEndsAt };
    });
    if (refused) {
      logger.warn("login refused", { reason: "too_many_attempts", scope: refused.scope, ...logFields });
      // At most one window: a concurrent attempt that opened it may have read the clock a moment later.
      const retryAfterSeconds = Math.min(secondsUntil(refused.windowEndsAt, now), Math.ceil(limits.windowMs / 1000));
      return { outcome: "too_many_attempts", retryAfterSeconds };
    }

    const staff = await findStaffByEmail(this.database.db, account);
    const gate = device ? this.knownDeviceGate : this.gate;
    let valid: boolean;
    try {
      // An unknown e-mail is checked against a dummy hash, so it takes as long (and as much of the gate) as a real one.
      valid = await gate.run(async () =>
        this.options.verifyPassword(input.password, staff?.passwordHash ?? (await timingDummyHash(this.passwordHashCost))),
      );
    } catch (error) {
      // Never checked: the attempt gives its slots back instead of counting as a failure.
      await this.database.transaction(async (tx) => {
        for (const key of counters.release) await releaseAttempt(tx, key);
      });
      if (!(error instanceof HashGateFull)) throw error;
      logger.warn("login refused", { reason: "busy", ...logFields, ...gate.load });
      return { outcome: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS };
    }

    // A deactivated account is refused as a wrong password is: the answer says nothing about the account.
    if (!staff || !valid || !staff.active) {
      logger.warn("login failed", { ...logFields, ...(staff ? { staffId: staff.id } : {}) });
      return { outcome: "invalid_credentials" };
    }

    const { token, expiresAt } = await this.database.transaction(async (tx) => {
      for (const key of counters.clearOnSuccess) await clearAttempts(tx, key);
      for (const key of counters.releaseOnSuccess) await releaseAttempt(tx, key);
      return insertSession(tx, staff.id, input.sessionTtlMs, new Date(now));
    });
    logger.info("login", { account: staff.email, address: input.address, device: logFields.device });
    const deviceCookie = issueDeviceCookie(deviceKey, input.deviceCookie, account, now);
    return { outcome: "signed_in", staff: { id: staff.id, email: staff.email }, token, expiresAt, deviceCookie };
  }

  /**
   * Checks a person's PIN typed on a shared tablet: their e-mail or account id and their PIN. Throttled
   * as sign-in is, per (account, client address) and per address, counted before the PIN is hashed, and
   * through the same hash line; a PIN has few values, so the counts are what protect it. Used by the PIN
   * take-over (switchUser) and by a manager approving a floor account's discount on the same tablet.
   */
  async verifyPin(input: {
    who: { email: string } | { staffId: number };
    pin: string;
    address: string;
    /** Where the attempt's lines go: the request's logger (its req_id); default the service's. */
    logger?: SignInDeps["logger"];
  }): Promise<Exclude<SignInResult, { outcome: "signed_in" }> | { outcome: "verified"; staff: StaffRow }> {
    const logger = input.logger ?? this.logger;
    const { limits } = this.options;
    const now = this.options.now();
    const staff: StaffRow | undefined =
      "email" in input.who
        ? await findStaffByEmail(this.database.db, input.who.email)
        : await findStaffAccount(this.database.db, input.who.staffId);
    const account = "email" in input.who ? normalizeEmail(input.who.email) : `#${input.who.staffId}`;
    const block = addressBlock(input.address);
    const addressKey = `pin-address:${block}`;
    const accountKey = `pin:${accountTag(account)}@${block}`;
    const logFields = { emailHash: this.logHash(account), address: input.address };
    await this.prune(now);
    const refused = await this.database.transaction(async (tx) => {
      const byAddress = await reserveAttempt(tx, addressKey, limits.windowMs, now);
      if (byAddress.attempts > limits.perAddress) return byAddress;
      const byAccount = await reserveAttempt(tx, accountKey, limits.windowMs, now);
      if (byAccount.attempts <= limits.perAccount) return undefined;
      await releaseAttempt(tx, addressKey);
      return byAccount;
    });
    if (refused) {
      logger.warn("pin refused", { reason: "too_many_attempts", ...logFields });
      return {
        outcome: "too_many_attempts",
        retryAfterSeconds: Math.min(secondsUntil(refused.windowEndsAt, now), Math.ceil(limits.windowMs / 1000)),
      };
    }
    let valid: boolean;
    try {
      // No account, or one without a PIN, costs a hash too: the answer and its timing say nothing about it.
      valid = await this.gate.run(async () =>
        PIN_PATTERN.test(input.pin) ? this.options.verifyPassword(input.pin, staff?.pinHash ?? (await timingDummyHash())) : false,
      );
    } catch (error) {
      await this.database.transaction(async (tx) => {
        await releaseAttempt(tx, accountKey);
        await releaseAttempt(tx, addressKey);
      });
      if (!(error instanceof HashGateFull)) throw error;
      return { outcome: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS };
    }
    if (!staff || !valid || !staff.active || !staff.pinHash) {
      logger.warn("pin failed", { ...logFields, ...(staff ? { staffId: staff.id } : {}) });
      return { outcome: "invalid_credentials" };
    }
    await this.database.transaction(async (tx) => {
      await clearAttempts(tx, accountKey);
      await releaseAttempt(tx, addressKey);
    });
    return { outcome: "verified", staff };
  }

  /**
   * A shared tablet taken over by another person (POST /api/session/switch): their PIN checked by
   * verifyPin. On success the tablet's session ends and a new one begins for that person.
   */
  async switchUser(input: {
    who: { email: string } | { staffId: number };
    pin: string;
    address: string;
    /** Where the attempt's lines go: the request's logger (its req_id); default the service's. */
    logger?: SignInDeps["logger"];
    sessionTtlMs: number;
    currentToken: string;
  }): Promise<
    | Exclude<SignInResult, { outcome: "signed_in" }>
    | { outcome: "signed_in"; staff: Pick<StaffIdentity, "id" | "email">; token: string; expiresAt: Date }
  > {
    const logger = input.logger ?? this.logger;
    const verified = await this.verifyPin(input);
    if (verified.outcome !== "verified") return verified;
    const { staff } = verified;
    const { token, expiresAt } = await this.database.transaction(async (tx) => {
      await deleteSession(tx, input.currentToken);
      // The previous person's streams on this tablet end now, on every instance.
      await announce(tx, "sessions");
      return insertSession(tx, staff.id, input.sessionTtlMs, new Date(this.options.now()));
    });
    logger.info("pin switch", { account: staff.email, address: input.address });
    return { outcome: "signed_in", staff: { id: staff.id, email: staff.email }, token, expiresAt };
  }

  /** Hash slots in use and waiting, per lane (for tests and logs). */
  get load(): { unknown: HashGate["load"]; knownDevices: HashGate["load"] } {
    return { unknown: this.gate.load, knownDevices: this.knownDeviceGate.load };
  }

  /** The device cookies' key, read (or created) once per process; a failed read is tried again next time. */
  private loadDeviceKey(): Promise<Buffer> {
    this.deviceKey ??= loadDeviceCookieKey(this.database).catch((error: unknown) => {
      this.deviceKey = undefined;
      throw error;
    });
    return this.deviceKey;
  }

  /** Ends the session `token` names; a no-op when there is none, so it needs no lookup first. */
  async signOut(token: string): Promise<void> {
    await this.database.transaction((tx) => deleteSession(tx, token));
  }

  /** A short keyed digest of a typed e-mail: equal for equal e-mails within this process, meaningless outside it. */
  private logHash(account: string): string {
    return createHmac("sha256", this.logKey).update(account).digest("base64url").slice(0, 12);
  }

  private async prune(now: number): Promise<void> {
    if (now < this.nextPruneAt) return;
    this.nextPruneAt = now + PRUNE_EVERY_MS;
    await this.database.transaction((tx) => pruneAttempts(tx, now));
  }
}
