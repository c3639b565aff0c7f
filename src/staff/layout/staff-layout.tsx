import { Fragment, useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import type { StaffRole } from "../../../contract/roles";
import type { CurrentUser } from "../../../contract/schemas";
import { PageLink } from "../../shared/page-link";
import { SwitchUser } from "../auth/switch-user";
import { BranchSwitcher } from "../branch/branch-switcher";
import { homeFor, screensFor } from "../lib/screens";

const ROLE_NAMES: Record<StaffRole, string> = { owner: "Owner", manager: "Manager", kitchen: "Kitchen", floor: "Floor" };

/**
 * The staff app's rail: the screens the signed-in role may use (and no others), who is signed in,
 * which branch, switch user and sign out. A rail at the side on a tablet, so the screens keep their
 * height (the kitchen board needs all of it); on a narrow screen (a phone, the tablet zoomed) a bar
 * whose "Menu" button opens the same list.
 */
export function StaffLayout({ user, children }: { user: CurrentUser; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  // A link followed on a narrow screen closes the list it was in.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <div className="staff-app">
      <header className="staff-rail">
        <div className="staff-rail__top">
          <Link to={homeFor(user.role)} className="staff-rail__brand">
            Limitless <span className="staff-rail__brand-small">staff</span>
          </Link>
          <button
            type="button"
            className="staff-button staff-rail__toggle"
            aria-expanded={open}
            aria-controls="staff-rail-panel"
            onClick={() => setOpen((shown) => !shown)}
          >
            Menu
          </button>
        </div>
        <div id="staff-rail-panel" className={`staff-rail__panel${open ? " staff-rail__panel--open" : ""}`}>
          <nav aria-label="Staff">
            <ul className="staff-nav">
              {screensFor(user.role).map((link) => (
                <li key={link.to}>
                  <PageLink to={link.to} className="staff-nav__link">
                    {link.label}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="staff-rail__who">
            <p className="staff-rail__user">
              <span className="visually-hidden">Signed in: </span>
              <strong>{user.name || <EmailWithBreak email={user.logged_in_as} />}</strong>
              <span className="staff-rail__role">{ROLE_NAMES[user.role]}</span>
            </p>
            <BranchSwitcher branchIds={user.branch_ids} />
            <SwitchUser />
            <Link to="/logout" className="staff-button">
              Sign out
            </Link>
          </div>
        </div>
      </header>
      <div className="staff-app__content">{children}</div>
    </div>
  );
}

/** An e-mail address, a size smaller, that wraps after its "@" or a dot rather than in the middle of a word. */
function EmailWithBreak({ email }: { email: string }) {
  const parts = email.split(/(?<=[@.])/);
  return (
    <span className="staff-rail__email">
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
