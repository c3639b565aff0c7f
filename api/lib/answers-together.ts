/**
 * Answers ended during one turn of the event loop leave together, once the turn's I/O callbacks have
 * run (a `setImmediate`), instead of each at its own `end()`. Under load one turn reads requests from
 * many connections; written one by one, every answer wakes the reader of its connection (a proxy, a
 * client on the same machine) for that answer alone, and each wake-up costs the writing server more
 * than the write. Written together, a reader woken by the first finds the others waiting. Measured
 * side by side on a 2-core machine: health 1.18× the throughput at 0.85× the CPU per request
 * (docs/performance/api-benchmarks.md). An answer waits no longer than the turn it was made in; when
 * nothing else is ready, that is at once.
 *
 * Node's `end()` uncorks the connection to send what it buffered; this module makes that one uncork
 * wait (uWebSockets.js corks each turn's writes the same way). Other writes — a live stream's events,
 * a body streamed in parts — go out as Node sends them.
 */
import { Socket } from "node:net";

const uncork = Socket.prototype.uncork;
let ending = false;
let waiting: Socket[] = [];

/** A connection's `uncork` while an answer ends on it: sent with the turn's others (`sendEndedAnswers`). */
function uncorkAfterTurn(this: Socket): void {
  if (!ending) return uncork.call(this);
  if (waiting.push(this) === 1) setImmediate(sendEndedAnswers);
}

/** Sends every answer ended since the last call (the server calls it before it closes connections). */
export function sendEndedAnswers(): void {
  const sockets = waiting;
  waiting = [];
  // A connection already uncorked since (a body written in parts, an `end()` of the socket) has nothing left here.
  for (const socket of sockets) if (socket.writableCorked > 0) uncork.call(socket);
}

/** Runs `end` (a response's own `end()`) so that what it sends waits for the end of the turn. */
export function endWithTurn<T>(socket: Socket | null, end: () => T): T {
  if (!socket) return end();
  if (socket.uncork !== uncorkAfterTurn) socket.uncork = uncorkAfterTurn;
  const within = ending;
  ending = true;
  try {
    return end();
  } finally {
    ending = within;
  }
}
