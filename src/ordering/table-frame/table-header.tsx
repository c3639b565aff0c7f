/**
 * The table's own frame (fifth round: nothing on the diner's screens leaves the table): on /order and
 * /order/cart a minimal header instead of the public site's navbar — the restaurant, the table, the
 * language and "Call staff" — with the offline banner under it. No link in it leads off the table.
 * Its height is published as --site-header-height, so the fixed category tabs sit right under it
 * whatever it holds (the call panel open, the banner, text wrapped at 320 px or 200 % zoom).
 */
import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { useLocation, useSearchParams } from "react-router-dom";
import { useMessages } from "../../shared/i18n/i18n";
import { LanguageSwitcher } from "../../shared/i18n/language-switcher";
import { useCart } from "../cart/cart-store";
import { afterFirstScreen } from "../../shared/after-first-screen";
import { tableFrameMessages } from "./messages";
import { OfflineBanner } from "./offline-banner";
import "../ordering.css";
import "./table-frame.css";

// Not needed to show the menu: fetched once it shows (or at once when the diner opens "Call staff").
const CallButtons = lazy(() => import("../service/call-buttons").then((m) => ({ default: m.CallButtons })));

/** The table the screen is for: the QR link's on /order, the cart's elsewhere; its name once the phone knows it. */
function useTableInView(): { id: string; codename?: string } | null {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const table = useCart((state) => state.table);
  const linked = pathname === "/order" ? params.get("station_id") : null;
  if (linked) return table?.id === linked ? table : { id: linked };
  return table;
}

export default function TableHeader({ restaurant }: { restaurant: string }) {
  const table = useTableInView();
  const [callOpen, setCallOpen] = useState(false);
  const [callsWanted, setCallsWanted] = useState(false);
  const panelId = useId();
  const t = useMessages(tableFrameMessages);
  const ref = useRef<HTMLElement>(null);

  useEffect(() => afterFirstScreen(() => setCallsWanted(true)), []);

  useLayoutEffect(() => {
    const header = ref.current;
    if (!header) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty("--site-header-height", `${header.offsetHeight}px`);
    publish();
    const observer = new ResizeObserver(publish);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty("--site-header-height");
    };
  }, []);

  return (
    <header className="table-header" ref={ref}>
      <div className="table-bar">
        <img className="table-brand" src="/images/logo.svg" alt={restaurant} width="96" height="24" />
        {table?.codename && <span className="table-name">{t.tableLabel({ table: table.codename })}</span>}
        {table && (
          <button
            type="button"
            className="button-secondary table-call-toggle"
            aria-label={t.callStaff}
            title={t.callStaff}
            aria-expanded={callOpen}
            aria-controls={panelId}
            onClick={() => {
              setCallsWanted(true);
              setCallOpen((open) => !open);
            }}
          >
            {/* A bell: drawn, so it shows on every phone; the button's name says what it does. */}
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
              <path d="M6 16V11a6 6 0 0 1 12 0v5l2 2H4l2-2Z M10 20a2 2 0 0 0 4 0" />
            </svg>
          </button>
        )}
        <LanguageSwitcher />
      </div>
      {table && (
        <div id={panelId} className="table-call-panel">
          {callsWanted && (
            <Suspense fallback={null}>
              <CallButtons tableId={table.id} showButtons={callOpen} />
            </Suspense>
          )}
        </div>
      )}
      <OfflineBanner />
    </header>
  );
}
