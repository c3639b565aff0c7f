/**
 * Where to go after signing in: the page that sent the user to /login (navigation state `from`,
 * a path or a location), else '/'. Only same-app paths, and never back to /login or /logout.
 */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  let path: string | undefined;
  if (typeof from === "string") path = from;
  else if (from && typeof from === "object" && "pathname" in from) {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname === "string")
      path = `${pathname}${typeof search === "string" ? search : ""}${typeof hash === "string" ? hash : ""}`;
  }
  if (!path || !path.startsWith("/") || path.startsWith("//")) return "/";
  if (/^\/(login|logout)(?=$|[?#/])/.test(path)) return "/";
  return path;
}
