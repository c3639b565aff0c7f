/** Wires the database, the shared services and the HTTP server; used by main.ts and by the tests. */
import type { AddressInfo } from "node:net";
import type { Duplex } from "node:stream";
import { serve, type ServerType } from "@hono/node-server";
import type { AppContext } from "./app-context";
import { systemClock, type Clock } from "./lib/clock";
import { createApp } from "./app";
import { RECOMMENDED_COST, type HashCost } from "./auth/passwords";
import { SignInService, type SignInOptions } from "./auth/sign-in-service";
import { scheduleServerBackups } from "./backup/backup-service";
import { databaseConfigOf, type AppConfig } from "./config";
import { openDatabase, type DatabaseHandle } from "./db/database";
import { listenForChanges, type ChangeListener } from "./db/listener";
import { seedDemoPhotos } from "./seed/demo-photos";
import { seedDatabase } from "./seed/seed";
import { Broadcaster, type StreamTiming } from "./events/broadcaster";
import { schedulePruning } from "./events/event-log-service";
import { scheduleUnseenSweep } from "./kitchen/kitchen-service";
import { sendEndedAnswers } from "./lib/answers-together";
import { errorBody } from "./lib/errors";
import { createLogger, type Logger } from "./lib/logger";
import { responseClassFor } from "./lib/response-head";
import { MenuCache } from "./menu/menu-cache";
import { registerCollectors } from "./metrics/collectors";
import { requestObserver } from "./metrics/http";
import { createMetrics } from "./metrics/registry";
import { PrintDispatcher, type DispatcherOptions } from "./printers/dispatcher";
import { FloorWatch } from "./dining-tables/floor-watch";
import { Mailer, type MailerOptions } from "./mail/mailer";

export interface RunningServer {
  url: string;
  port: number;
  context: AppContext;
  database: DatabaseHandle;
  seeded: boolean;
  close(): Promise<void>;
}

export interface ServerOptions {
  logger?: Logger;
  /** Sign-in limits and hashing (tests use small limits, or a fake hash). */
  signIn?: Partial<SignInOptions>;
  /** Runs after migrations and seeding, before the port opens (e.g. ensuring the staff account). */
  beforeListen?: (database: DatabaseHandle) => Promise<void>;
  /** Live stream timings (tests shorten them). */
  streamTiming?: Partial<StreamTiming>;
  /** How often old events are pruned (tests shorten it). */
  pruneEveryMs?: number;
  /** The time every rule reads (tests set it); the system's clock by default. */
  clock?: Clock;
  /** The print dispatcher's timings (tests shorten them). */
  printing?: Partial<DispatcherOptions>;
  /** The mailer's timings (tests shorten them). */
  mailing?: Partial<MailerOptions>;
  /** scrypt's cost for passwords and PINs set through the API; the recommended strength unless a test server lowers it. */
  passwordHashCost?: HashCost;
  /** A first-run seed also draws the demo dishes' pictures (`npm start`; test servers seed without, for speed). */
  demoPhotos?: boolean;
  /** The database reports every statement to `database.traceStatements` (test servers: the order's statement budget). */
  traceStatements?: boolean;
}

export function createContext(config: AppConfig, database: DatabaseHandle, options: ServerOptions = {}): AppContext {
  const logger = options.logger ?? createLogger({ level: config.logLevel, format: config.logFormat });
  const clock = options.clock ?? systemClock;
  const passwordHashCost = options.passwordHashCost ?? RECOMMENDED_COST;
  const liveEvents = new Broadcaster(database.db, database.announcements, logger, options.streamTiming);
  return {
    database,
    config,
    logger,
    clock,
    passwordHashCost,
    menuCache: new MenuCache(database.db, database.announcements),
    signIn: new SignInService({ database, logger, clock, passwordHashCost }, options.signIn),
    liveEvents,
    floorWatch: new FloorWatch({ database, clock, logger }, liveEvents),
    printers: new PrintDispatcher(database, clock, logger, options.printing),
    mailer: config.smtpUrl
      ? new Mailer(database, clock, logger, { smtpUrl: config.smtpUrl, from: config.mailFrom }, options.mailing)
      : undefined,
  };
}

export async function startServer(config: AppConfig, options: ServerOptions = {}): Promise<RunningServer> {
  const logger = options.logger ?? createLogger({ level: config.logLevel, format: config.logFormat });
  let seeded = false;
  const database = await openDatabase(databaseConfigOf(config), {
    logger,
    guardNesting: config.guardTransactionNesting,
    traceStatements: options.traceStatements,
    seed: async (handle) => {
      ({ seeded } = await seedDatabase(handle));
      if (seeded && options.demoPhotos) await seedDemoPhotos(handle);
    },
  });
  let listener: ChangeListener | undefined;
  let stopPruning = () => {};
  let stopSweeping = async () => {};
  let context: AppContext | undefined;
  try {
    await options.beforeListen?.(database);
    context = createContext(config, database, { ...options, logger });
    await context.liveEvents.start();
    // Several instances on one PostgreSQL database hear each other's changes.
    if (database.dialect === "postgres")
      listener = await listenForChanges(database.pool, database.ownBackends, database.announcements, logger);
    stopPruning = schedulePruning(context, options.pruneEveryMs);
    stopSweeping = scheduleUnseenSweep(context);
    context.printers.start();
    context.mailer?.start();
  } catch (error) {
    await context?.printers.stop();
    await context?.mailer?.stop();
    context?.liveEvents.stop();
    await listener?.close();
    await database.close();
    throw error;
  }
  const metrics = config.metrics ? createMetrics() : undefined;
  const stopObserving = metrics ? registerCollectors(metrics, context) : () => {};
  const app = createApp(context, metrics);
  const fetch: Parameters<typeof serve>[0]["fetch"] = app.fetch;
  const requestLogger = context.logger;
  const ServerResponse = responseClassFor({
    trustedProxies: config.trustedProxies,
    logRequest: config.logRequests ? (line) => requestLogger.request(line) : undefined,
    observeRequest: metrics ? requestObserver(metrics, app.router) : undefined,
  });

  const server: ServerType = await new Promise<ServerType>((resolve, reject) => {
    const s = serve(
      {
        fetch,
        port: config.port,
        hostname: config.host,
        serverOptions: { ServerResponse, ...requestTimeouts(config.requestTimeoutMs) },
      },
      () => resolve(s),
    );
    s.once("error", reject);
  }).catch(async (error: unknown) => {
    stopObserving();
    await context.printers.stop();
    await context.mailer?.stop();
    stopPruning();
    await stopSweeping();
    context.liveEvents.stop();
    await listener?.close();
    await database.close();
    throw error;
  });
  answerParserErrorsInJson(server);
  const backups = scheduleServerBackups(database, config, context.logger, context.clock);
  const { port } = server.address() as AddressInfo;
  const host = config.host === "0.0.0.0" || config.host === "::" ? "127.0.0.1" : config.host;

  return {
    url: `http://${host}:${port}`,
    port,
    context,
    database,
    seeded,
    close: () =>
      new Promise<void>((resolve) => {
        stopObserving();
        stopPruning();
        // A sweep, a print or a backup under way finishes before the database closes under it.
        const swept = Promise.all([stopSweeping(), context.printers.stop(), context.mailer?.stop(), backups.stop()]);
        // Open event streams would keep the server alive; end them so shutdown is prompt.
        context.liveEvents.stop();
        // Answers ended in this turn still go out before their connections close.
        sendEndedAnswers();
        if ("closeAllConnections" in server) server.closeAllConnections();
        server.close(() => {
          void swept
            .then(() => listener?.close())
            .then(() => database.close())
            .then(resolve);
        });
      }),
  };
}

/** How long a refused client may take to read its 4xx before the connection is destroyed. */
const CLOSE_GRACE_MS = 1_000;

/**
 * Slow clients are cut: a connection whose request head or body trickles in is closed (408, then
 * closed) once `limitMs` has passed since the request began, so hundreds of them hold nothing for
 * long. Node checks for such connections every `connectionsCheckingInterval`, so the time-outs are
 * that much shorter than the limit, and the limit is when the connection is gone at the latest.
 * They cover receiving a request only: a live stream's answer, written for an hour, is not cut.
 */
export function requestTimeouts(limitMs: number): { requestTimeout: number; headersTimeout: number; connectionsCheckingInterval: number } {
  // The check walks only connections still receiving a request: once a second costs nothing.
  const connectionsCheckingInterval = Math.min(1000, Math.max(50, Math.floor(limitMs / 10)));
  const timeout = limitMs - connectionsCheckingInterval;
  return { requestTimeout: timeout, headersTimeout: timeout, connectionsCheckingInterval };
}

/**
 * Requests Node's HTTP parser refuses before the app sees them (a head over 16 KB, a malformed
 * Content-Length…) get the contract's JSON error shape too, instead of Node's bare status line.
 */
function answerParserErrorsInJson(server: ServerType): void {
  server.on("clientError", (error: NodeJS.ErrnoException, socket: Duplex) => {
    // A request timed out while its answer was already being written (a refusal sent before the whole
    // body arrived): a second head would corrupt it, so the connection just closes.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
    if (error.code === "ECONNRESET" || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const [status, reason, code, message] =
      error.code === "HPE_HEADER_OVERFLOW"
        ? [431, "Request Header Fields Too Large", "headers_too_large", "The request's headers are too large."]
        : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
          ? [408, "Request Timeout", "request_timeout", "The request took too long to arrive."]
          : [400, "Bad Request", "malformed_request", "The request is not well-formed HTTP."];
    const body = JSON.stringify(errorBody(code, message));
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
    // end() only half-closes: a client that neither reads nor closes (a slow-request attacker) would
    // keep the socket. It gets a moment to read the answer, then the connection is gone.
    const gone = setTimeout(() => socket.destroy(), CLOSE_GRACE_MS);
    gone.unref();
    socket.once("close", () => clearTimeout(gone));
  });
}
