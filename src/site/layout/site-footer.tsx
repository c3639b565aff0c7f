import { formatWeekday } from "../../shared/i18n/format";
import { useLanguage, useMessages } from "../../shared/i18n/i18n";
import { BRANCHES, SITE, addressLine } from "../site-config";
import { footerMessages, headerMessages } from "./messages";

type Network = (typeof SITE.social)[number]["network"];

/** Small original line icons, drawn on a 24×24 grid with currentColor. */
const ICONS: Record<Network, React.ReactNode> = {
  facebook: <path d="M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5Z" />,
  instagram: (
    <>
      <rect x="3" y="3" width="18" height="18" rx="5" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="12" cy="12" r="4" fill="none" stroke="currentColor" strokeWidth="2" />
      <circle cx="17.5" cy="6.5" r="1.3" />
    </>
  ),
  yelp: (
    <path
      d="M12 2v9M12 13l-7.5 4M12 13l7.5 4M12 13l-6-8M12 13l6-8"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
    />
  ),
  mail: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path d="m3.5 6.5 8.5 7 8.5-7" fill="none" stroke="currentColor" strokeWidth="2" />
    </>
  ),
};

/** The footer: social links, both branches' address and phone, and the copyright line with today's greeting. */
export function SiteFooter({
  weekday = null,
}: {
  /** Today's ISO weekday at the restaurant, when the server knows it. */ weekday?: number | null;
}) {
  const code = useLanguage();
  const t = useMessages(footerMessages);
  const chrome = useMessages(headerMessages);
  return (
    <footer className="site-footer">
      <ul className="social-links" aria-label={t.followUs}>
        {SITE.social.map((link) => {
          const external = link.network !== "mail";
          return (
            <li key={link.network}>
              <a href={link.href} data-network={link.network} {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}>
                <svg viewBox="0 0 24 24" width="24" height="24" fill="currentColor" aria-hidden="true" focusable="false">
                  {ICONS[link.network]}
                </svg>
                <span className="visually-hidden">
                  {link.network === "mail" ? t.emailUs : link.label}
                  {external && ` ${chrome.opensInNewTab}`}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
      <ul className="footer-locations" aria-label={t.locations}>
        {BRANCHES.map((branch) => (
          <li key={branch.id}>
            <strong>{branch.name}</strong> · {addressLine(branch)} ·{" "}
            <a className="nowrap" href={`tel:${branch.phone.tel}`}>
              {branch.phone.display}
            </a>
          </li>
        ))}
      </ul>
      <p className="copyright">
        © {SITE.foundedYear} {SITE.name}
        {weekday && <span className="copyright-day"> · {t.happyDay({ day: formatWeekday(weekday, code) })}</span>}
      </p>
    </footer>
  );
}
