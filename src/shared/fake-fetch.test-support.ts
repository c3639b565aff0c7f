import { vi } from "vitest";

/** A stand-in for `fetch` whose answers the test hands over, in any order: requests wait until answered. */
export function fakeFetch() {
  const requests: { url: string; answer(body: unknown): void }[] = [];
  vi.stubGlobal("fetch", (url: string) => {
    return new Promise<Response>((resolve) => {
      requests.push({
        url,
        answer: (body) => resolve(new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } })),
      });
    });
  });
  /** The request whose URL contains `part` (the first one not yet taken when several match). */
  const request = (part: string) => {
    const index = requests.findIndex((candidate) => candidate.url.includes(part));
    if (index < 0) throw new Error(`no request for ${part}; made: ${requests.map((r) => r.url).join(", ")}`);
    return requests.splice(index, 1)[0]!;
  };
  return { requests, request };
}

export const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
