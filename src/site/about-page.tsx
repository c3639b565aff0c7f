import { Link } from "react-router-dom";
import { PAGE_META } from "./page-meta";
import { SITE } from "./site-config";
import { usePageSetup } from "./use-page-setup";
import "./site.css";

export default function AboutPage() {
  usePageSetup(PAGE_META["/about"]);
  return (
    <div className="page page-narrow">
      <h1>About us</h1>
      <p className="slogan">{SITE.slogan}</p>
      <p>
        {SITE.name} is an up-and-coming bar and grill in Thornhill and Pickering, serving delicious food at affordable prices in a relaxed
        atmosphere. Come for Filipino and Chinese barbecue, burgers, bucket deals and daily specials, stay for the drinks and the company.
      </p>
      <p className="slogan slogan-big">{SITE.shortSlogan}</p>
      <p>
        <Link className="button" to="/menu">
          See the menu
        </Link>
      </p>
    </div>
  );
}
