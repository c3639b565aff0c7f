import { useRef, useState, type RefObject } from "react";
import type { Totals } from "../../../contract/money";
import { formatMoney } from "../../shared/i18n/format";
import { focusIsLost, focusLater } from "../../shared/focus";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { nameText } from "../../shared/i18n/name-text";
import { productText } from "../../shared/i18n/product-text";
import { cartMessages } from "../cart-messages";
import { cents, lineKey, lineTotalCents, MAX_QUANTITY, type CartLine } from "../cart/cart-logic";
import { useCart } from "../cart/cart-store";
import type { SharedLine } from "../cart/shared-cart";
import { CartTotals } from "./cart-totals";
import type { MenuTranslations } from "./menu-translations";

interface CartLinesProps {
  lines: CartLine[];
  /** Sent or being sent: the lines can no longer change. */
  locked: boolean;
  translationsOf: MenuTranslations;
  totals: Totals;
  /** Takes focus when Remove 1 empties the cart. */
  focusWhenEmpty: RefObject<HTMLElement | null>;
}

/**
 * The cart grid: each line with its options, note and who added it, − (Remove 1: one unit, not the
 * whole product) and + beside its quantity, and the totals. A change of quantity is said in a live
 * region ("Nachos: 2"), since the buttons stay where they are.
 */
export function CartLines({ lines, locked, translationsOf, totals, focusWhenEmpty }: CartLinesProps) {
  const removeOne = useCart((state) => state.removeOne);
  const addOne = useCart((state) => state.addOne);
  const [said, say] = useState("");
  const code = useLanguage();
  const t = useMessages(cartMessages);
  const money = (amount: number) => formatMoney(amount, code);
  const tableRef = useRef<HTMLTableElement>(null);

  /** Remove 1; when that empties the line its button goes too, so focus moves to the next line's (not to the page's top). */
  const removeAt = (line: CartLine, name: string, key: string, index: number, lineId?: string) => {
    removeOne(line.id, key, lineId);
    say(t.quantityNow({ name, count: line.quantity - 1 }));
    focusLater(() => {
      if (!focusIsLost()) return null;
      const buttons = tableRef.current?.querySelectorAll<HTMLButtonElement>("button.cart-remove") ?? [];
      return buttons[Math.min(index, buttons.length - 1)] ?? focusWhenEmpty.current;
    });
  };

  const live = (
    <p className="visually-hidden" role="status">
      {said}
    </p>
  );
  if (lines.length === 0)
    return (
      <>
        <p className="cart-empty">{t.empty}</p>
        {live}
      </>
    );
  return (
    <>
      {live}
      <table className="cart-table" ref={tableRef}>
        <caption className="visually-hidden">{t.caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t.quantity}</th>
            <th scope="col">{t.item}</th>
            <th scope="col" className="cart-price">
              {t.price}
            </th>
          </tr>
        </thead>
        <tbody>
          {lines.map((line, index) => {
            const key = lineKey(line);
            const options = Object.values(line.selectedCustomizations);
            const shared = line as Partial<SharedLine>;
            const name = productText({ ...line, translations: line.translations ?? translationsOf.get(line.id) }, code).name;
            return (
              <tr key={shared.lineId ?? `${line.id}:${key}`}>
                <td className="cart-stepper">
                  {!locked && (
                    <button
                      type="button"
                      className="cart-step cart-remove"
                      aria-label={t.removeOneOf({ name })}
                      onClick={() => removeAt(line, name, key, index, shared.lineId)}
                    >
                      <StepIcon plus={false} />
                    </button>
                  )}
                  <span className="cart-qty">{line.quantity}</span>
                  {!locked && shared.lineId && (
                    <button
                      type="button"
                      className="cart-step cart-add"
                      aria-label={t.addOneOf({ name })}
                      disabled={line.quantity >= MAX_QUANTITY}
                      onClick={() => {
                        addOne(shared.lineId!);
                        say(t.quantityNow({ name, count: line.quantity + 1 }));
                      }}
                    >
                      <StepIcon plus />
                    </button>
                  )}
                </td>
                <td>
                  <span className="cart-item-name">{name}</span>
                  {options.length > 0 && (
                    <ul className="cart-options">
                      {options.map((option) => (
                        <li key={option.id}>
                          <OptionName name={option.name} id={option.id} translationsOf={translationsOf} />
                          {cents(option.price) > 0 && ` (+${money(cents(option.price))})`}
                        </li>
                      ))}
                    </ul>
                  )}
                  {line.note && <p className="cart-note">{t.note({ note: line.note })}</p>}
                  {shared.lineId && <p className="cart-note cart-adder">{t.addedBy({ name: shared.phoneName || t.you })}</p>}
                  {shared.unavailable && <p className="cart-note">{t.unavailable}</p>}
                </td>
                <td className="cart-price">{money(lineTotalCents(line))}</td>
              </tr>
            );
          })}
        </tbody>
        <CartTotals totals={totals} />
      </table>
    </>
  );
}

/** An option's name in the diner's language from the menu, marked as English where it has none. */
export function OptionName({ name, id, translationsOf }: { name: string; id: number; translationsOf: MenuTranslations }) {
  const code = useLanguage();
  const text = nameText(name, translationsOf.option(id), code);
  return <span lang={text.english ? "en" : undefined}>{text.name}</span>;
}

/** − and +, drawn (a font's minus sign varies in width and weight from phone to phone). */
function StepIcon({ plus }: { plus: boolean }) {
  return (
    <svg viewBox="0 0 20 20" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={plus ? "M4 10h12M10 4v12" : "M4 10h12"} />
    </svg>
  );
}
