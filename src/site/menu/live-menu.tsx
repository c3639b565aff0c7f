import { CATEGORY_KEYS, CATEGORY_TITLES, WEEKDAY_NAMES, isoWeekday } from "../../../contract/menu";
import { MenuItemList } from "./menu-item-list";
import { branchProductEventsPath } from "../../shared/api";
import { useMenu } from "../../shared/use-menu";
import { MenuLoadError } from "./menu-load-error";

/**
 * The branch's live menu (the same data the ordering app uses, so the website never shows a second,
 * hand-typed copy): 'loading...', then Specials … Buckets. Today's daily special is highlighted.
 */
export function LiveMenu({ branchId, title }: { branchId: number; title: string }) {
  const { state, retry } = useMenu(branchId, { stream: branchProductEventsPath(branchId) });
  const headingId = "live-menu";
  const today = isoWeekday(new Date());

  return (
    <section className="live-menu" aria-labelledby={headingId} aria-busy={state.status === "loading"}>
      <h2 id={headingId}>{title}</h2>
      {state.status === "loading" && (
        <p className="live-menu-status" role="status">
          loading...
        </p>
      )}
      {state.status === "error" && (
        <MenuLoadError error={state.error} onRetry={retry} />
      )}
      {state.status === "ready" && (
        <>
          <nav className="menu-jump" aria-label="Menu sections">
            <ul>
              {CATEGORY_KEYS.map((key) => (
                <li key={key}>
                  <a href={`#menu-${key}`}>{CATEGORY_TITLES[key]}</a>
                </li>
              ))}
            </ul>
          </nav>
          {CATEGORY_KEYS.map((key) => {
            const products = state.menu[key];
            return (
              <section key={key} className="menu-category" aria-labelledby={`menu-${key}`}>
                <h3 id={`menu-${key}`} data-category={key}>
                  {CATEGORY_TITLES[key]}
                </h3>
                {key === "special" && (
                  <p className="menu-category-note">
                    Today is {WEEKDAY_NAMES[today - 1]} — today&apos;s special is highlighted.
                  </p>
                )}
                {products.length === 0 ? (
                  <p className="menu-category-empty">Nothing here right now.</p>
                ) : (
                  <MenuItemList products={products} nameLevel={4} todayWeekday={key === "special" ? today : undefined} />
                )}
              </section>
            );
          })}
        </>
      )}
    </section>
  );
}
