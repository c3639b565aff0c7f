import type { CategoryKey } from "../../../contract/menu";
import { MenuItemList } from "../menu/menu-item-list";
import { branchProductEventsPath } from "../../shared/api";
import { useMenu } from "../../shared/use-menu";
import { MenuLoadError } from "../menu/menu-load-error";

const HIGHLIGHTS: { key: CategoryKey; title: string }[] = [
  { key: "bucket", title: "Bucket Deals" },
  { key: "burger", title: "Limitless Burgers" },
  { key: "drink", title: "Drinks" },
];

/** Bucket Deals, Limitless Burgers and Drinks, straight from the live menu the ordering app uses. */
export function MenuHighlights({ branchId }: { branchId: number }) {
  const { state, reload: retry } = useMenu(branchId, { stream: branchProductEventsPath(branchId) });
  return (
    <div className="menu-highlights" aria-busy={state.status === "loading"}>
      {HIGHLIGHTS.map(({ key, title }) => (
        <section key={key} className="landing-section" aria-labelledby={`highlight-${key}`}>
          <h2 id={`highlight-${key}`}>{title}</h2>
          {state.status === "ready" &&
            (state.data[key].length > 0 ? (
              <MenuItemList products={state.data[key]} nameLevel={3} />
            ) : (
              <p className="menu-category-empty">Nothing here right now.</p>
            ))}
          {state.status === "loading" && key === "bucket" && (
            <p className="live-menu-status" role="status">
              Loading the menu…
            </p>
          )}
          {state.status === "failed" && key === "bucket" && <MenuLoadError error={state.error} onRetry={retry} />}
        </section>
      ))}
    </div>
  );
}
