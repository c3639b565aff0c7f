/** Hands a blob to the browser as a download with the given file name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoke later: some browsers start reading the URL only after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** "Patio 2" → "patio-2", safe in any file system. */
export function fileSlug(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "") || "station"
  );
}
