import { useEffect } from "react";

/** The one way a page names itself in the tab title (WCAG 2.4.2): set while the page shows, the last one's back after. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
