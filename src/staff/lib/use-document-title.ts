import { useEffect } from "react";

/** Each staff screen names itself in the tab title (WCAG 2.4.2). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Limitless staff`;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
