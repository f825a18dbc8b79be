/**
 * The home page's content model: one canonical key set shared by the public page and the editor (ADR 0005).
 * The spec records two key names for several sections; the other name is read as an alias, so text stored
 * under either name appears.
 */
export type SectionType = "text" | "textarea" | "image" | "url";

export interface SectionDef {
  key: string;
  label: string;
  type: SectionType;
  default: string;
  aliases?: string[];
}

const point = (prefix: string, n: number, title: string, desc: string): SectionDef[] => [
  { key: `${prefix}_point${n}_title`, label: `Point ${n} Title`, type: "text", default: title },
  { key: `${prefix}_point${n}_desc`, label: `Point ${n} Description`, type: "textarea", default: desc },
];

export const HOME_SECTIONS: SectionDef[] = [
  {
    key: "hero_main_title",
    label: "Hero Title",
    type: "text",
    default: "Premium Indian Produce, Delivered Worldwide",
    aliases: ["hero_title"],
  },
  {
    key: "hero_subtitle",
    label: "Hero Subtitle",
    type: "textarea",
    default:
      "Farm-fresh onions, garlic, potatoes and more, sourced from India's finest growing regions and packed to your specification.",
  },
  { key: "hero_button_products", label: "Products Button Text", type: "text", default: "Explore Our Products" },
  { key: "hero_button_quote", label: "Quote Button Text", type: "text", default: "Request a Quote" },
  { key: "hero_feature1_text", label: "Hero Feature 1", type: "text", default: "Direct from farmers" },
  { key: "hero_feature2_text", label: "Hero Feature 2", type: "text", default: "Export-grade quality checks" },
  { key: "hero_feature3_text", label: "Hero Feature 3", type: "text", default: "Shipping to 30+ countries" },
  { key: "hero_image_url", label: "Hero Image", type: "image", default: "" },
  { key: "hero_video_url", label: "Hero Video URL (YouTube, Vimeo or .mp4)", type: "url", default: "" },
  { key: "about_image_url", label: "About Image", type: "image", default: "" },
  {
    key: "about_image_alt",
    label: "About Image Alt Text",
    type: "text",
    default: "Fresh produce being graded for export",
  },
  { key: "about_tagline", label: "About Tagline", type: "text", default: "Who We Are" },
  {
    key: "about_title",
    label: "About Heading",
    type: "text",
    default: "Rooted in Indian Farms, Trusted Across the World",
    aliases: ["about_heading"],
  },
  {
    key: "about_description",
    label: "About Short Description",
    type: "textarea",
    default:
      "We work hand in hand with growers to bring the best of Indian agriculture to importers and wholesalers on every continent.",
    aliases: ["about_short_description"],
  },
  { key: "about_button_text", label: "About Button Text", type: "text", default: "Discover Our Story" },
  ...point("about", 1, "Farm-Fresh Sourcing", "Harvested at peak maturity and moved quickly from field to pack house."),
  ...point("about", 2, "Rigorous Grading", "Sorted by size, colour and quality to match your market's standards."),
  ...point("about", 3, "Custom Packaging", "Mesh bags, jute bags or cartons, branded and labelled as you need."),
  ...point("about", 4, "Reliable Logistics", "Reefer containers and documentation handled end to end."),
  {
    key: "product_range_title",
    label: "Product Range Heading",
    type: "text",
    default: "Our Product Range",
    aliases: ["product_range_heading"],
  },
  {
    key: "product_range_description",
    label: "Product Range Subheading",
    type: "textarea",
    default: "Explore our categories of fresh and dehydrated produce, available year-round for export.",
    aliases: ["product_range_subheading"],
  },
  { key: "product_range_button_text", label: "Product Range Button Text", type: "text", default: "View All Products" },
  {
    key: "why_choose_us_title",
    label: "Why Partner Heading",
    type: "text",
    default: "Why Partner With Us",
    aliases: ["why_choose_us_heading"],
  },
  {
    key: "why_choose_us_subheading",
    label: "Why Partner Subheading",
    type: "textarea",
    default: "Importers choose us for consistent quality, honest communication and on-time shipments.",
  },
  ...point(
    "why_choose_us",
    1,
    "Certified Exporter",
    "Registered with APEDA, FSSAI and all the authorities your customs needs.",
  ),
  ...point("why_choose_us", 2, "Competitive Pricing", "Direct sourcing keeps our prices fair and transparent."),
  ...point(
    "why_choose_us",
    3,
    "Quality You Can Check",
    "Pre-shipment inspection and photos of your lot before loading.",
  ),
  ...point("why_choose_us", 4, "Always Reachable", "A dedicated contact answers quickly across time zones."),
  {
    key: "cta_title",
    label: "Call to Action Heading",
    type: "text",
    default: "Ready to Source Premium Indian Produce?",
    aliases: ["cta_heading"],
  },
  {
    key: "cta_description",
    label: "Call to Action Subheading",
    type: "textarea",
    default:
      "Tell us what you need: variety, size, packing and destination. We will reply with a quote within one business day.",
    aliases: ["cta_subheading"],
  },
  { key: "cta_button_text", label: "Call to Action Button Text", type: "text", default: "Contact Us Today" },
  { key: "cta_background_image_url", label: "Call to Action Background Image", type: "image", default: "" },
];

export const ABOUT_SECTIONS: SectionDef[] = [
  { key: "leadership_ceo_name", label: "CEO Name", type: "text", default: "Our Founder" },
  { key: "leadership_ceo_title", label: "CEO Title", type: "text", default: "Founder & CEO" },
  {
    key: "leadership_ceo_quote",
    label: "CEO Quote",
    type: "textarea",
    default: "Our commitment is to deliver unparalleled quality and build lasting relationships globally.",
  },
  { key: "about_main_heading", label: "Main Heading", type: "text", default: "" },
  { key: "about_intro_p1", label: "Introduction Paragraph 1", type: "textarea", default: "" },
  { key: "about_intro_p2", label: "Introduction Paragraph 2", type: "textarea", default: "" },
  { key: "about_intro_p3", label: "Introduction Paragraph 3", type: "textarea", default: "" },
];

export type PageSlug = "home" | "about-us";
export const PAGE_SECTIONS: Record<PageSlug, SectionDef[]> = { home: HOME_SECTIONS, "about-us": ABOUT_SECTIONS };

/**
 * Resolves every canonical key from stored rows: the canonical name first, then its aliases, then the default.
 * An empty stored text counts as missing, so a cleared field shows the default rather than a blank.
 */
export function resolveSections(sections: SectionDef[], stored: Map<string, string>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const section of sections) {
    const names = [section.key, ...(section.aliases ?? [])];
    const found = names.map((name) => stored.get(name)).find((value) => value != null && value.trim() !== "");
    result[section.key] = found ?? section.default;
  }
  return result;
}

/** The editor's cards (spec §2: one card per content section), in page order, by key prefix. */
const CARDS: Record<PageSlug, Array<{ title: string; prefix: string }>> = {
  home: [
    { title: "Hero Section", prefix: "hero_" },
    { title: "About Section", prefix: "about_" },
    { title: "Product Range Section", prefix: "product_range_" },
    { title: "Why Choose Us Section", prefix: "why_choose_us_" },
    { title: "Call to Action Section", prefix: "cta_" },
  ],
  "about-us": [
    { title: "Leadership Section", prefix: "leadership_" },
    { title: "Main Content", prefix: "about_" },
  ],
};

export function editorCards<T extends { key: string }>(
  page: PageSlug,
  sections: T[],
): Array<{ title: string; sections: T[] }> {
  return CARDS[page].map((card) => ({
    title: card.title,
    sections: sections.filter((s) => s.key.startsWith(card.prefix)),
  }));
}
