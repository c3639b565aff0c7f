/** What a public page is rendered from: the branches as configured and as the database has them now. */
import type { HappyHourWindow } from "../../contract/happy-hour";
import type { Menu } from "../../contract/schemas";
import type { Language } from "../shared/i18n/language";
import type { BranchFacts, SiteSettings } from "./site-config";
import type { SitePage } from "./site-pages";

export interface BranchView extends BranchFacts {
  bookingUrl: string;
  /** The live menu, or null when it could not be read (the page says so). */
  menu: Menu | null;
  happyHours: readonly HappyHourWindow[];
  /** Today's ISO weekday in the branch's time zone: its daily special. */
  weekday: number;
}

export interface SiteView {
  /** null: the not-found page. */
  page: SitePage | null;
  language: Language;
  branches: readonly BranchView[];
  /** Today's ISO weekday at the restaurant (the footer's greeting); each branch has its own (its specials). */
  weekday: number;
  settings: SiteSettings;
}
