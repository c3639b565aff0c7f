import { CATEGORY_KEYS } from "../../../contract/menu";
import { PUBLIC_API_ROUTES } from "../../../contract/public-api-routes";
import { formatWeekday } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { categoryMessages } from "../../shared/i18n/messages";
import type { BranchView } from "../site-view";
import { MenuItemList } from "./menu-item-list";
import { liveMenuMessages } from "./messages";

/** The branch's stream of product changes, which the page's script listens to. */
export function productEventsUrl(branchId: number): string {
  return `/api${PUBLIC_API_ROUTES.productEvents.path}?branch_id=${branchId}`;
}

/**
 * The branch's live menu (the same data the ordering app uses, so the website never shows a second,
 * hand-typed copy): Specials … Buckets, today's daily special highlighted. It is in the HTML as sent;
 * the page's script (site/browser/live-menu.ts) swaps in the server's next copy when staff change
 * the menu, so it carries the branch it follows.
 */
export function LiveMenu({ branch, weekday }: { branch: BranchView; weekday: number }) {
  const code = useLanguage();
  const t = useMessages(liveMenuMessages);
  const categories = useMessages(categoryMessages);
  const menu = branch.menu;

  return (
    <section className="live-menu" aria-labelledby="live-menu" data-live-menu="" data-events={productEventsUrl(branch.id)}>
      <h2 id="live-menu">{t.heading}</h2>
      {menu === null ? (
        <p className="live-menu-error" role="alert">
          {t.unavailable}
        </p>
      ) : (
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
            const products = menu[key];
            return (
              <section key={key} className="menu-category" aria-labelledby={`menu-${key}`}>
                <h3 id={`menu-${key}`} data-category={key}>
                  {categories[key]}
                </h3>
                {key === "special" && <p className="menu-category-note">{t.todayIs({ day: formatWeekday(weekday, code) })}</p>}
                {products.length === 0 ? (
                  <p className="menu-category-empty">{t.empty}</p>
                ) : (
                  <MenuItemList products={products} nameLevel={4} todayWeekday={key === "special" ? weekday : undefined} />
                )}
              </section>
            );
          })}
        </>
      )}
    </section>
  );
}
