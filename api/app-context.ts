/** What every route module receives: the services' dependencies (ServiceDeps) and the shared in-memory services. */
import type { SignInService } from "./auth/sign-in-service";
import type { FloorWatch } from "./dining-tables/floor-watch";
import type { Broadcaster } from "./events/broadcaster";
import type { MenuCache } from "./menu/menu-cache";
import type { PrintDispatcher } from "./printers/dispatcher";
import type { Mailer } from "./mail/mailer";
import type { ServiceDeps } from "./service-deps";

export type { AppEnv } from "./lib/app-env";

export interface AppContext extends ServiceDeps {
  /** This instance's cached menus, answered by GET products_by_category (a menu change drops its branch's on every instance). */
  menuCache: MenuCache;
  signIn: SignInService;
  /** The one reader of new events, feeding every open live stream. */
  liveEvents: Broadcaster;
  /** Sends `table.updated` to this instance's floor screens as the log says tables changed. */
  floorWatch: FloorWatch;
  /** Sends the queued kitchen tickets and bills to the printers. */
  printers: PrintDispatcher;
  /** Sends the mail outbox; undefined when e-mail is off (no SMTP_URL). */
  mailer?: Mailer;
}
