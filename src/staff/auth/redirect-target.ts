/**
 * Where to go after signing in: the page that sent the user to /login (navigation state `from`,
 * a path or a location), else null (the role's home). Only same-app paths, never back to /login or
 * /logout, nor to the public site's home page.
 */
export function redirectTarget(state: unknown): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  let path: string | undefined;
  if (typeof from === "string") path = from;
  else if (from && typeof from === "object" && "pathname" in from) {
    const { pathname, search, hash } = from as { pathname?: unknown; search?: unknown; hash?: unknown };
    if (typeof pathname === "string")
      path = `${pathname}${typeof search === "string" ? search : ""}${typeof hash === "string" ? hash : ""}`;
  }
  if (!path || !path.startsWith("/") || path.startsWith("//")) return null;
  if (/^\/(login|logout)?(?=$|[?#/])/.test(path)) return null;
  return path;
}
