import { useMemo } from "react";
import type { Product } from "../../../contract/schemas";
import { useMenu } from "../../shared/use-menu";
import type { CartTable } from "../cart/cart-store";
import { useTableStream } from "../visit-ended";

/** Each product's translations, by product id. */
export type MenuTranslations = ReadonlyMap<number, Product["translations"]>;

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
    if (menu.status === "ready") for (const product of Object.values(menu.data).flat()) byId.set(product.id, product.translations);
    return byId;
  }, [menu]);
}
