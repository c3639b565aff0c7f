/**
 * "Happy hour: Monday–Friday, 2–6 p.m." from the branch's own windows (GET /api/branches/{id}), in
 * the visitor's language, so the site never disagrees with the prices the phones charge. Nothing while
 * it loads or cannot be read, or when the branch has none.
 */
import { api } from "../../shared/api";
import { describeHappyHours } from "../../shared/i18n/happy-hours-text";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { useServerData } from "../../shared/use-server-data";
import { liveMenuMessages } from "./messages";

export function HappyHourNote({ branchId }: { branchId: number }) {
  const { state } = useServerData({ key: branchId, load: (id: number) => api.branch(id) });
  const code = useLanguage();
  const t = useMessages(liveMenuMessages);
  if (state.status !== "ready" || state.data.happy_hours.length === 0) return null;
  return (
    <p className="happy-hour-note">
      <strong>{t.happyHour}</strong> <span className="nowrap">{describeHappyHours(state.data.happy_hours, code)}</span>
    </p>
  );
}
