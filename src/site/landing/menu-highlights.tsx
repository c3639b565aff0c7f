import type { CategoryKey } from "../../../contract/menu";
import type { Product } from "../../../contract/schemas";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { productEventsUrl } from "../menu/live-menu";
import { MenuItemList, displayPrice } from "../menu/menu-item-list";
import type { BranchView } from "../site-view";
import { landingMessages } from "./messages";

const HIGHLIGHTS = [
  { key: "bucket", title: "bucketDeals" },
  { key: "burger", title: "burgers" },
  { key: "drink", title: "drinks" },
] as const satisfies readonly { key: CategoryKey; title: string }[];

/**
 * The dishes of a category on either branch's live menu, in the first branch's order. A dish priced
 * the same everywhere shows that price; one whose price differs shows each branch's ("Thornhill $30.00
 * · Pickering $32.00"), so neither branch's price passes for the other's.
 */
export function highlightedDishes(
  branches: readonly BranchView[],
  key: CategoryKey,
): { product: Product; prices: { branch: string; price: string }[] }[] {
  const byName = new Map<string, { product: Product; prices: { branch: string; price: string }[] }>();
  for (const branch of branches) {
    for (const product of branch.menu?.[key] ?? []) {
      const entry = byName.get(product.name) ?? { product, prices: [] };
      entry.prices.push({ branch: branch.name, price: product.price });
      byName.set(product.name, entry);
    }
  }
  return [...byName.values()];
}

/** Bucket Deals, Limitless Burgers and Drinks, straight from the live menus the ordering app uses. */
export function MenuHighlights({ branches }: { branches: readonly BranchView[] }) {
  const t = useMessages(landingMessages);
  const code = useLanguage();
  return (
    <div className="menu-highlights" data-live-menu="" data-events={branches.map((branch) => productEventsUrl(branch.id)).join(" ")}>
      {HIGHLIGHTS.map(({ key, title }) => {
        const dishes = highlightedDishes(branches, key);
        const samePrice = dishes.every(({ prices }) => new Set(prices.map(({ price }) => price)).size === 1);
        return (
          <section key={key} className="landing-section" aria-labelledby={`highlight-${key}`}>
            <h2 id={`highlight-${key}`}>{t[title]}</h2>
            {dishes.length === 0 ? (
              <p className="menu-category-empty">{t.empty}</p>
            ) : samePrice ? (
              <MenuItemList products={dishes.map(({ product }) => product)} nameLevel={3} />
            ) : (
              <MenuItemList
                products={dishes.map(({ product, prices }) => ({
                  ...product,
                  price: prices.map(({ branch, price }) => t.priceAt({ branch, price: displayPrice(price, code) })).join(" · "),
                }))}
                nameLevel={3}
              />
            )}
          </section>
        );
      })}
    </div>
  );
}
