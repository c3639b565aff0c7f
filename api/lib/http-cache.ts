/**
 * Conditional GET. If-None-Match compares weakly (RFC 9110 §13.1.2): a proxy that compresses an
 * answer marks its tag weak (`W/"…"`), and the browser then revalidates with that weak tag.
 */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, "");
  return header.split(",").some((tag) => tag.trim() === "*" || opaque(tag) === opaque(etag));
}
