/**
 * The diner's Order screen, /order?station_id=<uuid> (from the table's QR code): the branch's menu
 * by category with scroll-spy tabs, the product panel, and the floating "View cart" link.
 * Keep this chunk light: it is on the diner's critical path (see docs/performance/bundle-budget.md).
 */
import { lazy, Suspense, useEffect, useState } from "react";
import { useStore } from "@nanostores/react";
import { Link, useSearchParams } from "react-router-dom";
import { CATEGORY_KEYS, LOW_STOCK_AT } from "../../contract/menu";
import { isoWeekday } from "../../contract/restaurant-time";
import type { Menu, Product } from "../../contract/schemas";
import { afterFirstScreen, firstScreenShown } from "../shared/after-first-screen";
import { formatClockTime, formatMoney, formatWeekday } from "../shared/i18n/format";
import { useLanguage, useMessages } from "../shared/i18n/i18n";
import { categoryMessages, menuWords } from "../shared/i18n/messages";
import { productText } from "../shared/i18n/product-text";
import { cents, quantityOfProduct, subtotalCents, type Cart } from "./cart/cart-logic";
import { isLocked, isSending, tableOrder, useCart } from "./cart/cart-store";
import { hasPastOrders } from "./history/has-past-orders";
import { CategoryTabs, sectionId } from "./menu/category-tabs";
import { applyFilter, loadFilter, saveFilter, type DietFilter } from "./menu/diet-filter";
import { DietFilterPanel } from "./menu/diet-filter-panel";
import { branchTimeZone, happyHourNow, pricedNow } from "./menu/happy-hour-state";
import { ItemMarks } from "./menu/item-marks";
import { specialsForToday } from "./menu/specials";
import { READ_ONLY_BRANCH, useOrderMenu } from "./menu/use-order-menu";
import { orderPageMessages, tableNoticeMessages } from "./messages";
import { VisitEndedNotice } from "./visit-ended-notice";
import type { TableNotice } from "./menu/use-order-menu";
import "./ordering.css";
import { useDocumentTitle } from "../shared/use-document-title";

// The product panel is not needed to show the menu: its own chunk, fetched once the menu is painted.
const loadProductDialog = () => import("./product/product-dialog");
const ProductDialog = lazy(loadProductDialog);
// The table's live cart: the phone's stored copy shows until this chunk arrives, once the menu is up.
const SharedCartFollower = lazy(() => import("./cart/shared-cart-follower"));
// Only phones that ordered at this table before need it.
const OrderAgain = lazy(() => import("./history/order-again"));

/** A daily special on a day that is not its own: listed, greyed, not orderable. */
function isOtherDay(product: Pick<Product, "weekday">, today: number): boolean {
  return product.weekday !== undefined && product.weekday !== today;
}

function isSoldOut(product: Pick<Product, "available" | "stock">): boolean {
  return !product.available || product.stock === 0;
}

export default function OrderPage() {
  const [params] = useSearchParams();
  // The QR link names the table; a cart in progress remembers it if the link lost its query.
  const rememberedTable = useCart((state) => (Object.keys(state.cart).length > 0 ? state.table?.id : undefined));
  const tableId = params.get("station_id") ?? rememberedTable ?? null;
  const { state, retry } = useOrderMenu(tableId);
  // The table once the screen is ready: null without one, undefined until then.
  const readyTable = state.status === "ready" ? state.data.table : undefined;
  const [open, setOpen] = useState<Product | null>(null);
  const [filter, setFilter] = useState<DietFilter>(loadFilter);
  const sending = useCart(isSending);
  const [followCart, setFollowCart] = useState(false);
  const t = useMessages(orderPageMessages);
  const categories = useMessages(categoryMessages);
  const timeZone = useStore(branchTimeZone);
  const changeFilter = (next: DietFilter) => {
    setFilter(next);
    saveFilter(next);
  };

  useDocumentTitle(t.documentTitle);

  useEffect(() => {
    // Re-read the cart: another tab (or the cart page) may have changed it since this one loaded.
    void useCart.persist.rehydrate();
    // Send any order still waiting from an earlier visit; not needed to show the menu, so loaded after.
    // (If this chunk can't load — offline before the worker cached it — the cart page sends it.)
    return afterFirstScreen(() =>
      import("./outbox/order-submission").then(
        (module) => module.startOutbox(),
        () => undefined,
      ),
    );
  }, []);

  useEffect(() => afterFirstScreen(() => setFollowCart(true)), []);

  useEffect(() => {
    if (state.status !== "loading") firstScreenShown();
    // A failed prefetch is retried when an item is tapped.
    if (state.status === "ready") return afterFirstScreen(() => void loadProductDialog().catch(() => undefined));
  }, [state.status]);

  // Happy hour's prices and end: its own chunk, once the menu shows (the branch's windows come with it).
  useEffect(() => {
    if (readyTable === undefined) return;
    return afterFirstScreen(() =>
      import("./menu/happy-hour-watch").then(
        (module) => module.watchHappyHour(readyTable?.branchId ?? READ_ONLY_BRANCH, readyTable?.id ?? null),
        () => undefined,
      ),
    );
  }, [readyTable]);

  if (state.status === "loading") {
    return (
      <p className="order-status-line" role="status">
        {t.loading}
      </p>
    );
  }
  if (state.status === "failed") {
    return (
      <div className="order-error" role="alert">
        <p>{t.error({ message: state.error.message })}</p>
        <button type="button" className="button-primary" onClick={retry}>
          {t.tryAgain}
        </button>
      </div>
    );
  }

  const { menu: fullMenu, table, notice } = state.data;
  const { menu, hidden } = applyFilter(fullMenu, filter);
  const today = isoWeekday(new Date(), timeZone);
  const live = findProduct(fullMenu, open?.id) ?? open;
  return (
    <div className="order-page">
      <CategoryTabs tabs={categoriesOf(menu).map((key) => ({ id: sectionId(key), title: categories[key] }))} />
      <h1 className="order-heading">{table ? t.tableHeading({ table: table.codename ?? "" }) : t.menuHeading}</h1>
      {/* Drawn fixed at the bottom, but early in the tab order: a keyboard user reaches the cart right after
          the heading instead of tabbing past every dish. */}
      {!open && <FloatingCartLink />}
      {notice && (
        <p className="order-notice" role="status">
          <TableNoticeText notice={notice} />
        </p>
      )}
      <HappyHourNotice />
      {table && followCart && (
        <Suspense fallback={null}>
          <SharedCartFollower tableId={table.id} />
        </Suspense>
      )}
      {table && <VisitEndedNotice tableId={table.id} />}
      {table && <TableOrderNotice />}
      {table && !sending && hasPastOrders(table.id) && (
        <Suspense fallback={null}>
          <OrderAgain tableId={table.id} menu={fullMenu} today={today} />
        </Suspense>
      )}
      <DietFilterPanel filter={filter} hidden={hidden} onChange={changeFilter} />
      <MenuSections menu={menu} today={today} filtered={hidden > 0} onOpen={setOpen} />
      {open && live && (
        <Suspense fallback={null}>
          <OpenProduct product={live} canOrder={table !== null} today={today} onClose={() => setOpen(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** "Happy hour until 6 p.m.", in the branch's time, while it lasts. */
function HappyHourNotice() {
  const happy = useStore(happyHourNow);
  const code = useLanguage();
  const t = useMessages(orderPageMessages);
  if (!happy) return null;
  return (
    <p className="order-notice happy-hour-notice" role="status">
      {t.happyHourUntil({ time: formatClockTime(happy.until, happy.timeZone, code) })}
    </p>
  );
}

/** The table's cart went to the kitchen (from any phone at the table): say so, and where to follow it. */
function TableOrderNotice() {
  const order = useCart(tableOrder);
  const locked = useCart(isLocked);
  const t = useMessages(orderPageMessages);
  // This phone's own submit shows through its "View your order" link.
  if (!order || locked) return null;
  return (
    <p className="order-notice" role="status">
      <Link to="/order/cart">{t.tableOrderSent({ number: order.number })}</Link>
    </p>
  );
}

function TableNoticeText({ notice }: { notice: TableNotice }) {
  const t = useMessages(tableNoticeMessages);
  return notice.kind === "otherBranch" ? t.otherBranch({ branch: notice.branch }) : t[notice.kind];
}

function findProduct(menu: Menu, id: number | undefined): Product | undefined {
  if (id === undefined) return undefined;
  return CATEGORY_KEYS.flatMap((key) => menu[key] ?? []).find((product) => product.id === id);
}

function categoriesOf(menu: Menu) {
  return CATEGORY_KEYS.filter((key) => (menu[key] ?? []).length > 0);
}

interface MenuSectionsProps {
  menu: Menu;
  today: number;
  /** The dietary filter hid some dishes. */
  filtered: boolean;
  onOpen: (product: Product) => void;
}

function MenuSections({ menu, today, filtered, onOpen }: MenuSectionsProps) {
  const cart = useCart((state) => state.cart);
  const t = useMessages(orderPageMessages);
  const categories = useMessages(categoryMessages);
  const keys = categoriesOf(menu);
  if (keys.length === 0) return <p className="order-notice">{filtered ? t.nothingFits : t.emptyMenu}</p>;
  return (
    <div className="menu-sections">
      {keys.map((key) => (
        <section key={key} id={sectionId(key)} className="menu-section" aria-labelledby={`${sectionId(key)}-title`}>
          <h2 id={`${sectionId(key)}-title`} tabIndex={-1}>
            {categories[key]}
          </h2>
          <ul>
            {(key === "special" ? specialsForToday(menu[key], today) : menu[key]).map((product) => (
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
  const happyPrice = useStore(happyHourNow) ? product.happy_hour_price : null;
  const quantity = quantityOfProduct(cart, product.id);
  const isToday = product.weekday === today;
  const otherDay = isOtherDay(product, today);
  const soldOut = isSoldOut(product);
  const left = !soldOut && product.stock !== null && product.stock <= LOW_STOCK_AT ? product.stock : null;
  const code = useLanguage();
  const t = useMessages(orderPageMessages);
  const words = useMessages(menuWords);
  const text = productText(product, code);
  const weekday = product.weekday ? formatWeekday(product.weekday, code) : "";
  const body = (
    <>
      {/* alt="": the item's own text names the dish, and in a button an alt would be read again as part of its name. */}
      {product.photo && (
        <img
          className="menu-item-photo"
          src={product.photo.url}
          srcSet={product.photo.srcset}
          sizes="88px"
          alt=""
          loading="lazy"
          decoding="async"
        />
      )}
      <span className="menu-item-name">
        {text.name}
        {isToday && <span className="badge badge-today">{words.todaysSpecial}</span>}
        {otherDay && <span className="badge">{words.onWeekday({ day: weekday })}</span>}
      </span>
      {text.description && <span className="menu-item-description">{text.description}</span>}
      <ItemMarks product={product} />
      <span className="menu-item-meta">
        {happyPrice ? (
          <span className="menu-item-price">
            {formatMoney(cents(happyPrice), code)} <s className="menu-item-regular-price">{formatMoney(cents(product.price), code)}</s>
          </span>
        ) : (
          <span className="menu-item-price">{formatMoney(cents(product.price), code)}</span>
        )}
        {soldOut ? (
          <span className="badge badge-sold-out">{words.soldOut}</span>
        ) : otherDay ? (
          <span className="menu-item-other-day">{t.onlyOn({ day: weekday })}</span>
        ) : (
          <>
            {left !== null && <span className="badge badge-low-stock">{t.left(left)}</span>}
            {quantity > 0 && <span className="menu-item-quantity">{t.inCart(quantity)}</span>}
          </>
        )}
      </span>
    </>
  );
  const className = `menu-item${isToday ? " is-today" : ""}${soldOut ? " is-sold-out" : ""}${otherDay ? " is-other-day" : ""}`;
  // Sold out, or a special of another day: shown, but nothing to tap.
  if (soldOut || otherDay) return <div className={className}>{body}</div>;
  return (
    <button type="button" className={className} onClick={() => onOpen(product)}>
      {body}
    </button>
  );
}

interface OpenProductProps {
  /** As the live menu has it now (it may have sold out since the panel was opened). */
  product: Product;
  canOrder: boolean;
  today: number;
  onClose: () => void;
}

function OpenProduct({ product: listed, canOrder, today, onClose }: OpenProductProps) {
  // The panel and the cart take the price of the moment: the happy-hour one while it lasts.
  const product = pricedNow(listed, useStore(happyHourNow) !== null);
  const add = useCart((state) => state.add);
  const sending = useCart(isSending);
  const inCart = useCart((state) => quantityOfProduct(state.cart, product.id));
  const code = useLanguage();
  const t = useMessages(orderPageMessages);
  const blockedReason = isSoldOut(product)
    ? t.justSoldOut
    : isOtherDay(product, today)
      ? t.specialOnlyOn({ day: formatWeekday(product.weekday ?? 1, code) })
      : product.stock !== null && inCart >= product.stock
        ? t.allInCart(product.stock)
        : !canOrder
          ? t.scanToOrder
          : sending
            ? t.orderOnItsWay
            : null;
  return (
    <ProductDialog
      product={product}
      blockedReason={blockedReason}
      onAdd={(options, note) => add(product, options, note)}
      onClose={onClose}
    />
  );
}

/** To the cart: "View cart • $total" while the next round has lines, otherwise "View your order" once the table has sent one. */
function FloatingCartLink() {
  const cart = useCart((state) => state.cart);
  const sending = useCart(isSending);
  const sent = useCart((state) => isLocked(state) || state.rounds.length > 0 || tableOrder(state) !== null);
  const code = useLanguage();
  const t = useMessages(orderPageMessages);
  const empty = Object.keys(cart).length === 0;
  if (empty && !sent) return null;
  return (
    <Link className="floating-cart" to="/order/cart">
      {sending || empty ? t.viewOrder : t.viewCart({ total: formatMoney(subtotalCents(cart), code) })}
    </Link>
  );
}
