import { useEffect, useState } from "react";
import { LanguageSwitcher } from "../../shared/i18n/language-switcher";
import { Navbar } from "./navbar";
import "./layout.css";

/**
 * The navbar on the app's screens (the diner's and staff's, which are React): the phone's menu opens
 * and closes with React state, Escape closes it, and the language menu is the remembered choice the
 * ordering screens use. The public pages send the same markup from the server (navbar.tsx).
 */
export function SiteHeader() {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return <Navbar languagePicker={<LanguageSwitcher />} open={open} onToggle={() => setOpen((value) => !value)} />;
}
