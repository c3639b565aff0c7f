import { useEffect, useRef, type RefObject } from "react";
import { focusIsLost } from "../../shared/focus";
import { useMessages } from "../../shared/i18n/i18n";
import { cartMessages } from "../cart-messages";
import { useCart } from "../cart/cart-store";
import { retryNow } from "../outbox/order-submission";
import { OrderProblem } from "../order-status/order-problem";

/** Where this phone's submit stands: being sent, waiting for the network (Try now), or why it was refused. */
export function SubmissionNews() {
  const submission = useCart((state) => state.submission);
  const problem = useCart((state) => state.problem);
  const t = useMessages(cartMessages);
  return (
    <>
      {submission?.state === "sending" && (
        <p className="order-notice cart-news" role="status">
          {t.sending}
        </p>
      )}
      {submission?.state === "queued" && (
        <div className="order-notice order-waiting cart-news" role="status">
          <p>
            <strong>{t.waiting}</strong> {t.waitingDetail}
          </p>
          <button type="button" className="button-secondary" onClick={() => void retryNow()}>
            {t.tryNow}
          </button>
        </div>
      )}
      {problem && (
        <div className="cart-news">
          <OrderProblem problem={problem} />
        </div>
      )}
    </>
  );
}

/**
 * Submitting removes the Submit button the diner pressed (and "Sending…" gives way to the result):
 * focus goes to what the page now says (`.cart-news`: sent, waiting for the network, or why not), not
 * to the page's body.
 */
export function useFocusOnNews(pageRef: RefObject<HTMLElement | null>) {
  const submission = useCart((state) => state.submission);
  const problem = useCart((state) => state.problem);
  const firstRender = useRef(true);
  const news = `${submission?.state ?? ""} ${problem?.code ?? ""}`;
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (!focusIsLost()) return;
    const status = pageRef.current?.querySelector<HTMLElement>(".cart-news");
    if (!status) return;
    status.tabIndex = -1;
    status.focus();
  }, [news, pageRef]);
}
