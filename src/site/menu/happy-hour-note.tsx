/**
 * "Happy hour: Monday–Friday, 2–6 p.m." from the branch's own windows (GET /api/branches/{id}), in
 * the visitor's language, so the site never disagrees with the prices the phones charge. Nothing while
 * it loads or when the branch has none.
 */
import { useEffect, useState } from "react";
import type { Branch } from "../../../contract/schemas";
import { api } from "../../shared/api";
import { describeHappyHours } from "../../shared/i18n/happy-hours-text";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { liveMenuMessages } from "./messages";

export function HappyHourNote({ branchId }: { branchId: number }) {
  const [branch, setBranch] = useState<Branch | null>(null);
  const code = useLanguage();
  const t = useMessages(liveMenuMessages);
  useEffect(() => {
    let current = true;
    api.branch(branchId).then(
      (found) => current && setBranch(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [branchId]);
  if (!branch || branch.happy_hours.length === 0) return null;
  return (
    <p className="happy-hour-note">
      <strong>{t.happyHour}</strong> <span className="nowrap">{describeHappyHours(branch.happy_hours, code)}</span>
    </p>
  );
}
