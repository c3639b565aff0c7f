import { CATEGORY_KEYS, isoWeekday } from "../../../contract/menu";
import { formatWeekday } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { categoryMessages } from "../../shared/i18n/messages";
import { MenuItemList } from "./menu-item-list";
import { branchProductEventsPath } from "../../shared/api";
import { useMenu } from "../../shared/use-menu";
import { MenuLoadError } from "./menu-load-error";
import { liveMenuMessages } from "./messages";

/**
 * The branch's live menu (the same data the ordering app uses, so the website never shows a second,
 * hand-typed copy): 'loading...', then Specials … Buckets. Today's daily special is highlighted.
 */
export function LiveMenu({ branchId, title }: { branchId: number; title: string }) {
  const { state, reload: retry } = useMenu(branchId, { stream: branchProductEventsPath(branchId) });
  const headingId = "live-menu";
  const today = isoWeekday(new Date());
  const code = useLanguage();
  const t = useMessages(liveMenuMessages);
  const categories = useMessages(categoryMessages);

  return (
    <section className="live-menu" aria-labelledby={headingId} aria-busy={state.status === "loading"}>
      <h2 id={headingId}>{title}</h2>
      {state.status === "loading" && (
        <p className="live-menu-status" role="status">
          {t.loading}
        </p>
      )}
      {state.status === "failed" && <MenuLoadError error={state.error} onRetry={retry} />}
      {state.status === "ready" && (
        <>
          <nav className="menu-jump" aria-label={t.sections}>
            <ul>
              {CATEGORY_KEYS.map((key) => (
                <li key={key}>
                  <a href={`#menu-${key}`}>{categories[key]}</a>
                </li>
              ))}
            </ul>
          </nav>
          {CATEGORY_KEYS.map((key) => {
            const products = state.data[key];
            return (
              <section key={key} className="menu-category" aria-labelledby={`menu-${key}`}>
                <h3 id={`menu-${key}`} data-category={key}>
                  {categories[key]}
                </h3>
                {key === "special" && <p className="menu-category-note">{t.todayIs({ day: formatWeekday(today, code) })}</p>}
                {products.length === 0 ? (
                  <p className="menu-category-empty">{t.empty}</p>
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
