/**
 * The diner's Order screen, /order?station_id=<uuid> (from the table's QR code): the branch's menu
 * by category with scroll-spy tabs, the product panel, and the floating "View cart" link.
 * Keep this chunk light: it is on the diner's critical path (see docs/performance/bundle-budget.md).
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { CATEGORY_KEYS, CATEGORY_TITLES, WEEKDAY_NAMES, isoWeekday } from "../../contract/menu";
import { formatDollars } from "../../contract/money";
import type { Menu, Product } from "../../contract/schemas";
import { cents, quantityOfProduct, subtotalCents, type Cart } from "./cart/cart-logic";
import { isLocked, useCart } from "./cart/cart-store";
import { CategoryTabs, sectionId } from "./menu/category-tabs";
import { useOrderMenu } from "./menu/use-order-menu";
import "./ordering.css";

// The product panel is not needed to show the menu: its own chunk, fetched as soon as the menu is up.
const loadProductDialog = () => import("./product/product-dialog");
const ProductDialog = lazy(loadProductDialog);

export default function OrderPage() {
  const [params] = useSearchParams();
  // The QR link names the table; a cart in progress remembers it if the link lost its query.
  const rememberedStation = useCart((state) => (Object.keys(state.cart).length > 0 ? state.station?.id : undefined));
  const stationId = params.get("station_id") ?? rememberedStation ?? null;
  const { state, retry } = useOrderMenu(stationId);
  const [open, setOpen] = useState<Product | null>(null);

  useEffect(() => {
    document.title = "Order — Limitless Bar & Grill";
    // Re-read the cart: another tab (or the cart page) may have changed it since this one loaded.
    void useCart.persist.rehydrate();
    // Send any order still waiting from an earlier visit; not needed to show the menu, so loaded after.
    // (If this chunk can't load — offline before the worker cached it — the cart page sends it.)
    import("./outbox/order-submission").then(
      (module) => module.startOutbox(),
      () => undefined,
    );
  }, []);

  useEffect(() => {
    // A failed prefetch is retried when an item is tapped.
    if (state.phase === "ready") loadProductDialog().catch(() => undefined);
  }, [state.phase]);

  if (state.phase === "loading") {
    return (
      <p className="order-status-line" role="status">
        Loading...
      </p>
    );
  }
  if (state.phase === "error") {
    return (
      <div className="order-error" role="alert">
        <p>Error: {state.message}</p>
        <button type="button" className="button-primary" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }

  const { menu, station, notice } = state;
  return (
    <div className="order-page">
      <CategoryTabs tabs={categoriesOf(menu).map((key) => ({ id: sectionId(key), title: CATEGORY_TITLES[key] }))} />
      <h1 className="order-heading">{station ? `Ordering for table ${station.codename ?? ""}` : "Menu"}</h1>
      {notice && (
        <p className="order-notice" role="status">
          {notice}
        </p>
      )}
      <MenuSections menu={menu} onOpen={setOpen} />
      {open && (
        <Suspense fallback={null}>
          <OpenProduct
            product={open}
            canOrder={station !== null}
            soldOut={!(findProduct(menu, open.id)?.available ?? true)}
            onClose={() => setOpen(null)}
          />
        </Suspense>
      )}
      {!open && <FloatingCartLink />}
    </div>
  );
}

function findProduct(menu: Menu, id: number): Product | undefined {
  return CATEGORY_KEYS.flatMap((key) => menu[key] ?? []).find((product) => product.id === id);
}

function categoriesOf(menu: Menu) {
  return CATEGORY_KEYS.filter((key) => (menu[key] ?? []).length > 0);
}

function MenuSections({ menu, onOpen }: { menu: Menu; onOpen: (product: Product) => void }) {
  const cart = useCart((state) => state.cart);
  const today = isoWeekday(new Date());
  const keys = categoriesOf(menu);
  if (keys.length === 0) return <p className="order-notice">The menu is empty right now. Please ask your server.</p>;
  return (
    <div className="menu-sections">
      {keys.map((key) => (
        <section key={key} id={sectionId(key)} className="menu-section" aria-labelledby={`${sectionId(key)}-title`}>
          <h2 id={`${sectionId(key)}-title`} tabIndex={-1}>
            {CATEGORY_TITLES[key]}
          </h2>
          <ul>
            {menu[key].map((product) => (
              <li key={product.id}>
                <MenuItem product={product} cart={cart} today={today} onOpen={onOpen} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

interface MenuItemProps {
  product: Product;
  cart: Cart;
  today: number;
  onOpen: (product: Product) => void;
}

function MenuItem({ product, cart, today, onOpen }: MenuItemProps) {
  const quantity = quantityOfProduct(cart, product.id);
  const isToday = product.weekday === today;
  const soldOut = !product.available;
  const day = product.weekday ? WEEKDAY_NAMES[product.weekday - 1] : undefined;
  const body = (
    <>
      <span className="menu-item-name">
        {product.name}
        {isToday && <span className="badge badge-today">Today's special</span>}
        {day && !isToday && <span className="badge">{day}s</span>}
      </span>
      {product.description && <span className="menu-item-description">{product.description}</span>}
      <span className="menu-item-meta">
        <span className="menu-item-price">{formatDollars(cents(product.price))}</span>
        {soldOut ? (
          <span className="badge badge-sold-out">Sold out</span>
        ) : (
          quantity > 0 && <span className="menu-item-quantity">{quantity} in cart</span>
        )}
      </span>
    </>
  );
  const className = `menu-item${isToday ? " is-today" : ""}${soldOut ? " is-sold-out" : ""}`;
  // Sold out: shown, but nothing to tap.
  if (soldOut) return <div className={className}>{body}</div>;
  return (
    <button type="button" className={className} onClick={() => onOpen(product)}>
      {body}
    </button>
  );
}

interface OpenProductProps {
  product: Product;
  canOrder: boolean;
  /** Sold out since the panel was opened (the live menu said so). */
  soldOut: boolean;
  onClose: () => void;
}

function OpenProduct({ product, canOrder, soldOut, onClose }: OpenProductProps) {
  const add = useCart((state) => state.add);
  const locked = useCart(isLocked);
  const blockedReason = soldOut
    ? "Sorry — this item has just sold out."
    : !canOrder
      ? "Scan the QR code on your table to order."
      : locked
        ? "Your order has been sent. To add more, open your order and choose Order more."
        : null;
  return <ProductDialog product={product} blockedReason={blockedReason} onAdd={(options) => add(product, options)} onClose={onClose} />;
}

function FloatingCartLink() {
  const cart = useCart((state) => state.cart);
  const locked = useCart(isLocked);
  if (Object.keys(cart).length === 0 && !locked) return null;
  return (
    <Link className="floating-cart" to="/order/cart">
      {locked ? "View your order" : `View cart • ${formatDollars(subtotalCents(cart))}`}
    </Link>
  );
}
