import { useEffect } from "react";
import { useDocumentTitle } from "../shared/use-document-title";
import type { PageMeta } from "./page-meta";

/** Sets the document's title and description for a page, and starts it at the top (a new page, not the last one's scroll position). */
export function usePageSetup(meta: PageMeta, { scrollToTop = true } = {}) {
  useDocumentTitle(meta.title);
  useEffect(() => {
    let description = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      description = document.createElement("meta");
      description.name = "description";
      document.head.append(description);
    }
    description.content = meta.description;
  }, [meta]);

  useEffect(() => {
    if (scrollToTop) window.scrollTo(0, 0);
  }, [scrollToTop]);
}
