import { useRef, useState } from "react";
import { focusLater } from "../../shared/focus";
import { useSearchParams } from "react-router-dom";
import { branchName } from "../../../contract/menu";
import type { LiveEvent } from "../../shared/use-live-events";
import { RELOAD, useServerData } from "../../shared/use-server-data";
import { useBranchId } from "../branch/branch-store";
import { staffApi, branchEventsPath } from "../lib/staff-api";
import { useDocumentTitle } from "../../shared/use-document-title";
import { TabDetail } from "./tab-detail";
import { TabsList } from "./tabs-list";
import "./tabs.css";

/** A busy night brings several order events a second: they are gathered into one reload. */
const RELOAD_AFTER_MS = 300;

/** A change of a table's tab: an order on it, or its check adjusted, paid or closed. */
const changesTab = (event: LiveEvent) =>
  event.type === "order.created" || event.type === "order.updated" || event.type === "tab.updated" || event.type === "tab.closed";

/**
 * The branch's open tabs, a line per table with orders on it and its check's total and balance; one
 * opened shows its orders and check, and closes with cash, card or other (recorded, not charged). Kept
 * current by the branch's live stream.
 */
export default function TabsPage() {
  useDocumentTitle("Tabs · Limitless staff");
  const branchId = useBranchId();
  const stream = branchEventsPath(branchId);
  // The table opened belongs to the branch it was opened in: switching branch closes it. The floor
  // plan opens one by its link (?station_id=).
  const [searchParams] = useSearchParams();
  const [opened, setOpened] = useState<{ branchId: number; tableId: string } | null>(() => {
    const linked = searchParams.get("station_id");
    return linked ? { branchId, tableId: linked } : null;
  });
  const tableId = opened?.branchId === branchId ? opened.tableId : null;
  const [announcement, setAnnouncement] = useState("");
  const detailHeading = useRef<HTMLHeadingElement>(null);

  const list = useServerData({
    key: branchId,
    stream,
    reloadDelayMs: RELOAD_AFTER_MS,
    load: (id, signal) => staffApi.openTabs(id, { signal }),
    reduce: (_tabs, event) => (changesTab(event) ? RELOAD : undefined),
  });
  const tab = useServerData({
    key: tableId,
    stream,
    reloadDelayMs: RELOAD_AFTER_MS,
    load: (id, signal) => staffApi.tab(id, { signal }),
    reduce: (_tab, event, id) => (changesTab(event) && "station_id" in event.data && event.data.station_id === id ? RELOAD : undefined),
  });

  const open = (id: string) => {
    setOpened({ branchId, tableId: id });
    focusLater(() => detailHeading.current);
  };

  return (
    <section className="tabs-page" aria-labelledby="tabs-title">
      <div className="staff-header-row">
        <h1 id="tabs-title">Open tabs · {branchName(branchId)}</h1>
      </div>
      <p role="status" className={announcement ? "staff-notice" : "visually-hidden"}>
        {announcement}
      </p>
      <div className="tabs-page__columns">
        <div>
          <TabsList state={list.state} openedId={tableId} onOpen={open} onRetry={list.reload} />
        </div>
        <TabDetail
          key={tableId}
          tableId={tableId}
          state={tab.state}
          headingRef={detailHeading}
          onClosed={(text) => {
            setAnnouncement(text);
            setOpened(null);
            list.reload();
          }}
          onCloseFailed={() => {
            list.reload();
            tab.reload();
          }}
        />
      </div>
    </section>
  );
}
