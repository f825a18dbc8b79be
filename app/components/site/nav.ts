import type { MessageKey } from "~/features/i18n/catalogue";

/** Public navigation, in the spec's order (spec §2 Header): English paths, shown in the page's language (`path`, `t`). */
export const NAV_ITEMS: readonly { to: string; label: MessageKey }[] = [
  { to: "/", label: "nav.home" },
  { to: "/about-us", label: "nav.about" },
  { to: "/our-products", label: "nav.products" },
  { to: "/certificates-memberships", label: "nav.certificates" },
  { to: "/gallery", label: "nav.gallery" },
  { to: "/blog", label: "nav.blog" },
  { to: "/contact-us", label: "nav.contact" },
];
