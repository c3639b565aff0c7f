import { useMemo } from "react";
import type { NameTranslations, Product } from "../../../contract/schemas";
import { useMenu } from "../../shared/use-menu";
import type { CartTable } from "../cart/cart-store";
import { useTableStream } from "../visit-ended";

/** Each product's translations, by product id, and each option's, by option id. */
export interface MenuTranslations {
  get(productId: number): Product["translations"];
  option(optionId: number): NameTranslations | undefined;
}

/**
 * Lines another phone added arrive from the server with the English name only: their words in this
 * phone's language come from the menu (cached by the order screen, kept live by the table's stream
 * while this phone follows the table's visit).
 */
export function useMenuTranslations(table: CartTable | null): MenuTranslations {
  const stream = useTableStream(table?.id ?? null);
  const { state: menu } = useMenu(table?.branchId ?? null, { stream });
  return useMemo(() => {
    const byId = new Map<number, Product["translations"]>();
    const options = new Map<number, NameTranslations | undefined>();
    if (menu.status === "ready")
      for (const product of Object.values(menu.data).flat()) {
        byId.set(product.id, product.translations);
        for (const group of Object.values(product.customizations))
          for (const option of group.options) options.set(option.id, option.translations);
      }
    return { get: (id) => byId.get(id), option: (id) => options.get(id) };
  }, [menu]);
}
