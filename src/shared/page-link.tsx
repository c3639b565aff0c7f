import { Link, useLocation, type LinkProps } from "react-router-dom";

/**
 * A navigation link that tells assistive technology when it is the page shown (`aria-current="page"`).
 * That is all the app uses of react-router's NavLink, whose view-transition and pending-state code
 * would otherwise cost 0.4 kB of the diner's first visit (the site's navbar is on every screen).
 */
export function PageLink({ to, ...props }: LinkProps & { to: string }) {
  const { pathname } = useLocation();
  return <Link to={to} aria-current={pathname === to ? "page" : undefined} {...props} />;
}
