/**
 * What every service takes, as its first argument: one object, built once per server (server.ts
 * createContext) and passed as it is by every route (AppContext extends it). A service reads the time
 * from `clock` and its limits from `config` itself, so a route passes only what the request says.
 */
import type { HashCost } from "./auth/passwords";
import type { AppConfig } from "./config";
import type { DatabaseHandle } from "./db/database";
import type { Clock } from "./lib/clock";
import type { Logger } from "./lib/logger";

export interface ServiceDeps {
  readonly database: DatabaseHandle;
  readonly config: AppConfig;
  /** What time it is for every rule that depends on it (tests set it). */
  readonly clock: Clock;
  readonly logger: Logger;
  /** scrypt's cost for every password and PIN set through the API (and sign-in's check of an unknown e-mail): the recommended strength; test servers lower it. */
  readonly passwordHashCost: HashCost;
}
