import { useMessages } from "../../shared/i18n/i18n";
import { tableFrameMessages } from "./messages";
import { useOnline } from "./online-status";

/**
 * Says the phone is offline and what that means for an order (the outbox sends it when the network is
 * back), and goes away when it is. A live region that stays in the page, so the change is announced.
 */
export function OfflineBanner() {
  const online = useOnline();
  const t = useMessages(tableFrameMessages);
  return (
    <div role="status" className="offline-banner-region">
      {!online && (
        <p className="offline-banner">
          <strong>{t.offline}</strong> {t.offlineDetail}
        </p>
      )}
    </div>
  );
}
