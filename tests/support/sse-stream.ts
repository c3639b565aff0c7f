/**
 * Reads a server-sent event stream over real HTTP the way a browser's EventSource does, event by
 * event, so API tests check the bytes a client gets.
 */
import { expect } from "vitest";

export interface SseEvent {
  id?: string;
  event?: string;
  data: string;
}

/** Reads a text/event-stream response event by event (comments and retry-only blocks are skipped). */
export class SseStream {
  private buffer = "";
  private pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
  private readonly decoder = new TextDecoder();
  comments: string[] = [];
  /** The server closed the stream. */
  ended = false;

  private constructor(
    readonly response: Response,
    private readonly reader: ReadableStreamDefaultReader<Uint8Array>,
    private readonly controller: AbortController,
    private readonly ignored: ReadonlySet<string>,
  ) {}

  /**
   * Opens `url` and expects a 200 event stream. `ignore`: event types the test is not about (e.g. the
   * floor plan's `table.updated` on a staff stream), passed over as comments are.
   */
  static async open(url: string, headers: Record<string, string> = {}, ignore: readonly string[] = []): Promise<SseStream> {
    const controller = new AbortController();
    const response = await fetch(url, { headers: { Accept: "text/event-stream", ...headers }, signal: controller.signal });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
    return new SseStream(response, response.body!.getReader(), controller, new Set(ignore));
  }

  /** The next event, or an error after `timeoutMs`. */
  async next(timeoutMs = 2_000): Promise<SseEvent> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const event = this.takeEvent();
      if (event) return event;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${timeoutMs} ms`);
      this.pending ??= this.reader.read();
      const result = await Promise.race([this.pending, new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), left))]);
      if (result === "timeout") continue;
      this.pending = null;
      if (result.done) {
        this.ended = true;
        throw new Error("the stream ended");
      }
      this.buffer += this.decoder.decode(result.value, { stream: true });
    }
  }

  /** Asserts nothing but comments arrives for `ms`. */
  async expectQuiet(ms: number): Promise<void> {
    await expect(this.next(ms)).rejects.toThrow(/no event within/);
  }

  private takeEvent(): SseEvent | null {
    for (;;) {
      const end = this.buffer.indexOf("\n\n");
      if (end < 0) return null;
      const block = this.buffer.slice(0, end);
      this.buffer = this.buffer.slice(end + 2);
      const event: Partial<SseEvent> & { dataLines: string[] } = { dataLines: [] };
      for (const line of block.split("\n")) {
        if (line.startsWith(":")) this.comments.push(line.slice(1).trim());
        else if (line.startsWith("data: ")) event.dataLines.push(line.slice(6));
        else if (line.startsWith("id: ")) event.id = line.slice(4);
        else if (line.startsWith("event: ")) event.event = line.slice(7);
      }
      if (event.event !== undefined && this.ignored.has(event.event)) continue;
      if (event.dataLines.length > 0) return { id: event.id, event: event.event, data: event.dataLines.join("\n") };
    }
  }

  close(): void {
    this.controller.abort();
  }
}
