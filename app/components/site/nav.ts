/** Public navigation, in the spec's order (spec §2 Header). */
export const NAV_ITEMS = [
  { to: "/", label: "Home" },
  { to: "/about-us", label: "About Us" },
  { to: "/our-products", label: "Our Products" },
  { to: "/certificates-memberships", label: "Certificates" },
  { to: "/gallery", label: "Gallery" },
  { to: "/blog", label: "Blog" },
  { to: "/contact-us", label: "Contact Us" },
] as const;
