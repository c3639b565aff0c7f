import { Link } from "react-router-dom";
import { PAGE_META } from "./page-meta";
import { usePageSetup } from "./use-page-setup";
import "./site.css";

/** Any unknown path. The server answers these with HTTP 404 too (contract/app-routes.ts). */
export default function NotFoundPage() {
  usePageSetup(PAGE_META.notFound);
  return (
    <div className="page page-narrow not-found">
      <h1>The page you have requested could not be found!</h1>
      <p>It may have moved, or the link may be mistyped.</p>
      <p className="button-row">
        <Link className="button" to="/">
          Go to the home page
        </Link>
        <Link className="button button-secondary" to="/menu">
          See the menu
        </Link>
      </p>
    </div>
  );
}
