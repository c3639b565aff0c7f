import { parsePriceToCents } from "../../../contract/money";
import type { CustomizationGroup, NameTranslations, Product } from "../../../contract/schemas";
import { formatMoney } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { englishTextLang, type Language } from "../../shared/i18n/language";
import { menuWords } from "../../shared/i18n/messages";
import { productText } from "../../shared/i18n/product-text";

/** "13.99" → "$13.99"; anything unexpected is shown as sent rather than hidden. */
export function displayPrice(price: string, code: Language = "en"): string {
  const cents = parsePriceToCents(price);
  return cents === null ? price : formatMoney(cents, code);
}

/** An option's or a group's name in the reader's language, from the menu data; null where the manager left it out. */
function translatedName(thing: { translations?: NameTranslations }, code: Language): string | null {
  return (code !== "en" && thing.translations?.[code]?.name?.trim()) || null;
}

/**
 * One line per option group, in the menu PDFs' words: "Size: 16oz / 64oz (+$13.00)". Sizes,
 * add-ons and upgrades carry prices the item's own price does not show (a 64oz Asahi, 2 lbs of
 * wings, nacho add-ons), so the live menu lists them rather than leaving them to the order screen.
 * `english`: some of its names are untranslated, so the line is marked as English on other pages.
 */
export function optionsLine(groupName: string, group: CustomizationGroup, code: Language = "en"): { text: string; english: boolean } {
  const groupText = translatedName(group, code);
  let english = groupText === null;
  const options = group.options.map((option) => {
    const name = translatedName(option, code);
    if (name === null) english = true;
    const cents = parsePriceToCents(option.price);
    const shown = name ?? option.name;
    return cents !== null && cents > 0 ? `${shown} (+${formatMoney(cents, code)})` : shown;
  });
  const colon = code === "zh" ? "：" : ": ";
  return { text: `${groupText ?? groupName}${colon}${options.join(" / ")}`, english: code !== "en" && english };
}

interface MenuItemListProps {
  products: Product[];
  /** Heading level of each item's name, so the page's outline stays in order. */
  nameLevel: 3 | 4;
  /** ISO weekday (1–7) whose daily special is highlighted, if any. */
  todayWeekday?: number;
}

export function MenuItemList({ products, nameLevel, todayWeekday }: MenuItemListProps) {
  const Name = nameLevel === 3 ? "h3" : "h4";
  const code = useLanguage();
  const t = useMessages(menuWords);
  return (
    <ul className="menu-items">
      {products.map((product) => {
        const isToday = todayWeekday !== undefined && product.weekday === todayWeekday;
        const soldOut = !product.available;
        const text = productText(product, code);
        const classes = ["menu-item", isToday && "is-today", soldOut && "is-sold-out"].filter(Boolean).join(" ");
        return (
          <li key={product.id} className={classes} data-weekday={product.weekday ?? undefined}>
            <div className="menu-item-head">
              <Name className="menu-item-name">{text.name}</Name>
              <span className="menu-item-price">{displayPrice(product.price, code)}</span>
            </div>
            {(isToday || soldOut) && (
              <p className="menu-item-badges">
                {isToday && <span className="badge badge-today">{t.todaysSpecial}</span>}
                {soldOut && <span className="badge badge-sold-out">{t.soldOut}</span>}
              </p>
            )}
            {text.description && <p className="menu-item-description">{text.description}</p>}
            {Object.entries(product.customizations).map(([groupName, group]) => {
              const line = optionsLine(groupName, group, code);
              return (
                <p key={groupName} className="menu-item-options" lang={line.english ? englishTextLang(code) : undefined}>
                  {line.text}
                </p>
              );
            })}
          </li>
        );
      })}
    </ul>
  );
}
