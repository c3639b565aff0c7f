import { Hono } from "hono";
import { endpoints } from "../../contract/endpoints";
import type { AppContext, AppEnv } from "../app-context";
import { clientAddress } from "../lib/client-address";
import { knownBranch, serveEndpoint } from "../lib/endpoint";
import { refusePin } from "../auth/sign-in-service";
import {
  approveAdjustment,
  createAdjustment,
  payCheck,
  payWholeBalance,
  readCheck,
  readTableCheck,
  refundPayment,
  rejectAdjustment,
  splitCheck,
} from "./check-service";
import { listOpenTabs } from "./tab-service";
import { emailDinerReceipt, emailReceipt, printReceipt } from "./receipt-service";
import { requestLogger } from "../lib/request-logger";

export function tabRoutes(ctx: AppContext) {
  const app = new Hono<AppEnv>();

  serveEndpoint(app, endpoints.tab, async ({ c, params }) => {
    c.header("Cache-Control", "no-store");
    return readTableCheck(ctx, params.id);
  });

  serveEndpoint(app, endpoints.closeTab, async ({ c, params, body }) => {
    const tab = await payWholeBalance(ctx, c.get("staff")!, params.id, body.paid_with);
    requestLogger(c, ctx.logger).info("tab closed", { tabId: tab.id, tableId: tab.station_id, total: tab.total, paidWith: tab.paid_with });
    return tab;
  });

  serveEndpoint(app, endpoints.openTabs, async ({ c, query }) => {
    const branchId = knownBranch(query.branch_id);
    c.header("Cache-Control", "no-store");
    return listOpenTabs(ctx, branchId);
  });

  serveEndpoint(app, endpoints.check, async ({ c, params }) => {
    c.header("Cache-Control", "no-store");
    return readCheck(ctx, params.id);
  });

  serveEndpoint(app, endpoints.tabReceipt, async ({ params, body }) => {
    if ("print" in body) {
      await printReceipt(ctx, params.id);
      return { queued: "print" as const };
    }
    await emailReceipt(ctx, params.id, body.email);
    return { queued: "email" as const };
  });

  serveEndpoint(app, endpoints.dinerReceipt, async ({ params, body }) => {
    await emailDinerReceipt(ctx, params.id, body.email);
    return { queued: "email" as const };
  });

  serveEndpoint(app, endpoints.createAdjustment, async ({ c, params, body }) => createAdjustment(ctx, c.get("staff")!, params.id, body));

  serveEndpoint(app, endpoints.approveAdjustment, async ({ c, params, body }) => {
    // The manager's PIN, typed on this tablet: checked and throttled as the PIN take-over is, without signing anyone out.
    const result = await ctx.signIn.verifyPin({
      who: body.staff_id !== undefined ? { staffId: body.staff_id } : { email: body.email! },
      pin: body.pin,
      address: clientAddress(c, ctx.config.trustedProxies),
      logger: requestLogger(c, ctx.logger),
    });
    if (result.outcome !== "verified") refusePin(result);
    const adjustment = await approveAdjustment(ctx, c.get("staff")!, result.staff, params.id);
    requestLogger(c, ctx.logger).info("adjustment approved", { adjustmentId: adjustment.id, approver: result.staff.email });
    return adjustment;
  });

  serveEndpoint(app, endpoints.rejectAdjustment, async ({ c, params }) => rejectAdjustment(ctx, c.get("staff")!, params.id));

  serveEndpoint(app, endpoints.splitCheck, async ({ params, body }) => splitCheck(ctx, params.id, body.ways));

  serveEndpoint(app, endpoints.payCheck, async ({ c, params, headers, body }) => {
    const paid = await payCheck(ctx, c.get("staff")!, params.id, body, headers["Idempotency-Key"]);
    if (paid.replayed) c.header("Idempotent-Replayed", "true");
    else
      requestLogger(c, ctx.logger).info("payment recorded", {
        tabId: params.id,
        amount: paid.answer?.amount,
        method: paid.answer?.method,
        tip: paid.answer?.tip,
      });
    return c.body(paid.json, paid.status as 201, { "Content-Type": "application/json; charset=utf-8" });
  });

  serveEndpoint(app, endpoints.refundPayment, async ({ c, params, body }) => {
    const refund = await refundPayment(ctx, c.get("staff")!, params.id, body);
    requestLogger(c, ctx.logger).info("payment refunded", { paymentId: params.id, amount: refund.amount });
    return refund;
  });

  return app;
}
