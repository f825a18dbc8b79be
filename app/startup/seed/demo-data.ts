import type { ProduceKind } from "./images.server";

type Spec = Record<string, string | boolean>;

export interface DemoProduct {
  name: string;
  kind: ProduceKind;
  description: string;
  specifications: Spec;
  export_info: string;
  is_featured?: boolean;
  gallery?: ProduceKind[];
}

export interface DemoCategory {
  name: string;
  slug: string;
  kind: ProduceKind;
  description: string;
  products: DemoProduct[];
}

const PACKING_ONION = "Mesh bags of 5, 10, 20 and 25 kg or jute bags of 50 kg; private labelling on request.";

export const DEMO_CATEGORIES: DemoCategory[] = [
  {
    name: "Fresh Onions",
    slug: "fresh-onions",
    kind: "red-onion",
    description:
      "Red, pink and white onions from Nashik, Pune and Madhya Pradesh, cured and graded for long voyages. Available round the year in sizes from 25 mm to 80 mm.",
    products: [
      {
        name: "Nashik Red Onion",
        kind: "red-onion",
        description:
          "Our flagship Nashik red onion: deep red skin, firm pungent flesh and excellent keeping quality. Field-cured and hand-graded so it reaches the Gulf, South-East Asia and Europe in prime condition.",
        specifications: {
          Variety: "Nashik Red (N-53, Agrifound Dark Red)",
          Size: "45–65 mm, 55 mm+",
          Colour: "Deep red",
          Moisture: "Dry skin, well cured",
          "Shelf Life": "60 days at 0–2 °C",
          Organic: false,
        },
        export_info: `${PACKING_ONION} 28–29 MT per 40 ft reefer. Loading from JNPT (Nhava Sheva) or Mundra.`,
        is_featured: true,
        gallery: ["red-onion", "shallot"],
      },
      {
        name: "Pink Onion",
        kind: "pink-onion",
        description:
          "Bangalore rose and pink onions prized for their mild sweetness in salads and pickling. Uniform size, thin skin and glossy finish.",
        specifications: {
          Variety: "Bangalore Rose",
          Size: "25–40 mm",
          Colour: "Pink to light red",
          "Shelf Life": "30 days",
          Organic: false,
        },
        export_info: "Mesh bags of 10 and 20 kg. Mostly shipped to Malaysia, Singapore and Sri Lanka.",
      },
      {
        name: "White Onion",
        kind: "white-onion",
        description:
          "Crisp white onions with high solids, ideal for dehydration plants and restaurant kitchens. Grown in Gujarat and Maharashtra.",
        specifications: {
          Variety: "Bhima Shubhra",
          Size: "50–80 mm",
          Colour: "Creamy white",
          "Total Soluble Solids": "14–16 %",
          Organic: false,
        },
        export_info: `${PACKING_ONION} Shipped in ventilated containers to Europe and the Middle East.`,
      },
      {
        name: "Small Onion (Shallots)",
        kind: "shallot",
        description:
          "South Indian small onions (sambar onions) with an intense aroma. Cleaned, topped and dried before packing.",
        specifications: { Size: "15–25 mm", Colour: "Reddish brown", Cleaned: true, Organic: false },
        export_info: "Mesh bags of 5 and 10 kg or cartons of 10 kg. Popular in the Gulf and Mauritius.",
      },
    ],
  },
  {
    name: "Garlic",
    slug: "garlic",
    kind: "garlic",
    description:
      "Indian garlic from Madhya Pradesh and Rajasthan with bold flavour and high allicin content, in bulbs, single clove and peeled forms.",
    products: [
      {
        name: "Indian Garlic (Ooty Variety)",
        kind: "garlic",
        description:
          "Large white bulbs with 12–18 cloves, strong aroma and long shelf life. Sun-dried and sorted by bulb diameter.",
        specifications: {
          Size: "35–55 mm",
          Cloves: "12–18 per bulb",
          Colour: "White with purple streaks",
          "Shelf Life": "6 months in dry storage",
          Organic: false,
        },
        export_info: "Mesh bags of 10 kg and cartons of 10 kg. 26 MT per 40 ft container.",
        is_featured: true,
        gallery: ["garlic", "flakes"],
      },
      {
        name: "Single Clove Garlic",
        kind: "garlic",
        description:
          "Solo garlic from the Himalayan foothills: one round clove per bulb, easy to peel and valued for its medicinal qualities.",
        specifications: { Size: "20–30 mm", Type: "Single clove", Organic: true },
        export_info: "Cartons of 5 kg with inner poly liner.",
      },
      {
        name: "Peeled Garlic",
        kind: "garlic",
        description: "Machine-peeled, hand-sorted garlic cloves vacuum packed for food processors and restaurants.",
        specifications: {
          Form: "Whole peeled cloves",
          Packing: "Vacuum packed 1 kg",
          "Storage Temperature": "0–4 °C",
          Organic: false,
        },
        export_info: "Vacuum packs of 1 kg in cartons of 10 kg, shipped in reefer containers.",
      },
    ],
  },
  {
    name: "Potatoes",
    slug: "potatoes",
    kind: "potato",
    description:
      "Table and processing potatoes from Uttar Pradesh, Gujarat and Punjab, washed or unwashed, graded by size for retail and industry.",
    products: [
      {
        name: "Fresh Potato (Jyoti)",
        kind: "potato",
        description:
          "The Kufri Jyoti table potato from the Agra–Kanpur belt: smooth yellow skin, white flesh and a fluffy texture when cooked.",
        specifications: {
          Variety: "Kufri Jyoti",
          Size: "40–80 mm",
          Skin: "Yellow, smooth",
          "Dry Matter": "18–20 %",
          Washed: true,
        },
        export_info:
          "Jute or mesh bags of 25 and 50 kg. Cold-store dispatch from Kanpur to Nepal, Sri Lanka and the Gulf.",
        is_featured: true,
        gallery: ["potato", "red-potato"],
      },
      {
        name: "Processing Potato (Chipsona)",
        kind: "potato",
        description:
          "High dry-matter Kufri Chipsona potatoes with low reducing sugars, grown under contract for chips and fries.",
        specifications: {
          Variety: "Kufri Chipsona-1",
          "Dry Matter": "21–23 %",
          "Reducing Sugar": "< 0.1 %",
          Washed: false,
        },
        export_info: "Bulk bags of 50 kg; contract supply for processors.",
      },
      {
        name: "Red Potato",
        kind: "red-potato",
        description: "Kufri Lalima red-skinned potatoes with waxy flesh that holds its shape in curries and salads.",
        specifications: { Variety: "Kufri Lalima", Size: "35–70 mm", Skin: "Red", Washed: true },
        export_info: "Mesh bags of 10 and 25 kg.",
      },
    ],
  },
  {
    name: "Fresh Vegetables",
    slug: "fresh-vegetables",
    kind: "chilli",
    description: "Green chillies, ginger and lemons harvested to order and air- or sea-freighted under cold chain.",
    products: [
      {
        name: "Green Chilli (G4)",
        kind: "chilli",
        description:
          "Bright green G4 chillies, medium-hot and glossy, picked with stems on and pre-cooled within hours of harvest.",
        specifications: { Variety: "G4 / Jwala", Length: "6–9 cm", Pungency: "Medium hot", "Stem On": true },
        export_info: "Cartons of 4 and 5 kg; by air to the UK and the Gulf, by sea in reefers.",
      },
      {
        name: "Fresh Ginger",
        kind: "ginger",
        description:
          "Mature ginger from Kerala and the North-East with plump rhizomes, thin skin and a strong, clean bite.",
        specifications: { Form: "Whole rhizomes", "Weight Per Piece": "150 g+", Washed: true, Organic: false },
        export_info: "Mesh bags or cartons of 10 and 13 kg.",
      },
      {
        name: "Fresh Lemon",
        kind: "lemon",
        description: "Juicy Indian lemons (Kagzi) with thin rind and high juice content, waxed on request.",
        specifications: { Variety: "Kagzi", Size: "40–55 mm", "Juice Content": "45 %+", Waxed: false },
        export_info: "Cartons of 5 and 10 kg.",
      },
    ],
  },
  {
    name: "Dehydrated Products",
    slug: "dehydrated-products",
    kind: "flakes",
    description:
      "Dehydrated onion and garlic flakes, granules and powder made from fresh Indian produce in certified plants.",
    products: [
      {
        name: "Dehydrated White Onion Flakes",
        kind: "flakes",
        description:
          "Kibbled white onion flakes with natural pungency, low moisture and long shelf life for soups, sauces and seasonings.",
        specifications: {
          Moisture: "< 5 %",
          Size: "8–20 mm",
          "Total Plate Count": "< 100,000 cfu/g",
          "Shelf Life": "24 months",
          Organic: false,
        },
        export_info: "Double poly bags inside cartons of 14 and 20 kg.",
        is_featured: true,
        gallery: ["flakes", "powder"],
      },
      {
        name: "Dehydrated Garlic Powder",
        kind: "powder",
        description:
          "Fine garlic powder milled from dehydrated garlic cloves, free-flowing with a strong, true flavour.",
        specifications: { Mesh: "80–100", Moisture: "< 6 %", Colour: "Creamy white", "Shelf Life": "24 months" },
        export_info: "Cartons of 20 and 25 kg with double poly liner.",
      },
      {
        name: "Red Onion Powder",
        kind: "powder",
        description:
          "Red onion powder with a pink hue and sweet onion taste, ready for spice blends and snack seasonings.",
        specifications: { Mesh: "80–100", Moisture: "< 5 %", Colour: "Light pink", "Shelf Life": "18 months" },
        export_info: "Cartons of 20 kg.",
      },
    ],
  },
];

export interface DemoCertificate {
  name: string;
  authority: string;
  description: string;
  certificate_number: string;
  /** Days before the seeding day it was issued, and days after it that it lapses (null: it does not lapse). The
   * seed turns them into dates, so the demo never goes stale. */
  issuedDaysAgo: number;
  lapsesInDays: number | null;
  /** The issuer's public lookup page; null where the issuer has none. */
  verify_url: string | null;
}

export const DEMO_CERTIFICATES: DemoCertificate[] = [
  {
    name: "IEC",
    authority: "Directorate General of Foreign Trade (DGFT)",
    description:
      "Importer Exporter Code issued by the DGFT, Ministry of Commerce and Industry, authorising our international trade.",
    // Since 2020 an IEC is the firm's PAN: ten characters, the fourth 'C' for a company.
    certificate_number: "AAKCG4821M",
    issuedDaysAgo: 2190,
    lapsesInDays: null,
    verify_url: "https://www.dgft.gov.in/CP/?opt=view-any-ice",
  },
  {
    name: "GST",
    authority: "Goods and Services Tax Network, Government of India",
    description: "Registered under the Goods and Services Tax regime for transparent, compliant invoicing.",
    // GSTIN: the state code (09, Uttar Pradesh), the PAN, the entity number, 'Z' and a check character.
    certificate_number: "09AAKCG4821M1Z7",
    issuedDaysAgo: 2150,
    lapsesInDays: null,
    verify_url: "https://services.gst.gov.in/services/searchtp",
  },
  {
    name: "APEDA",
    authority: "Agricultural and Processed Food Products Export Development Authority",
    description: "Registration-cum-Membership Certificate for exporters of fresh and processed agricultural produce.",
    certificate_number: "RCMC/APEDA/04817",
    // An RCMC holds for five years.
    issuedDaysAgo: 730,
    lapsesInDays: 1095,
    verify_url: null,
  },
  {
    name: "FSSAI",
    authority: "Food Safety and Standards Authority of India",
    description: "Food business licence confirming our handling and storage meet India's food safety standards.",
    // A central licence: 14 digits, the first a 1.
    certificate_number: "10024051000387",
    issuedDaysAgo: 365,
    lapsesInDays: 730,
    verify_url: "https://foscos.fssai.gov.in/",
  },
  {
    name: "MSME",
    authority: "Ministry of Micro, Small and Medium Enterprises",
    description: "Udyam registration as a micro, small and medium enterprise.",
    certificate_number: "UDYAM-UP-43-0012874",
    issuedDaysAgo: 1800,
    lapsesInDays: null,
    verify_url: "https://udyamregistration.gov.in/Udyam_Verify.aspx",
  },
  {
    name: "ISO 22000",
    authority: "NABCB-accredited certification body",
    description:
      "Food safety management system certified to ISO 22000:2018 for our grading and packing house in Kanpur.",
    certificate_number: "IN-FSMS-22000-3071",
    // A three-year certificate, audited every year.
    issuedDaysAgo: 400,
    lapsesInDays: 695,
    verify_url: "https://www.iafcertsearch.org/",
  },
  {
    name: "GLOBALG.A.P.",
    authority: "GLOBALG.A.P. approved certification body",
    description:
      "Integrated Farm Assurance for the onions and potatoes our partner farms grow, renewed after a yearly audit.",
    // The GLOBALG.A.P. Number (GGN): 13 digits. The yearly certificate is due for renewal, so the dashboard shows it.
    certificate_number: "4063061893412",
    issuedDaysAgo: 325,
    lapsesInDays: 40,
    verify_url: "https://database.globalgap.org/globalgap/search/SearchMain.faces",
  },
];

export const DEMO_GALLERY: Array<{ title: string; kind: ProduceKind; scene?: "field" | "warehouse" | "port" }> = [
  { title: "Onion harvest in Nashik", kind: "red-onion", scene: "field" },
  { title: "Grading red onions by size", kind: "red-onion" },
  { title: "Garlic bulbs drying in the sun", kind: "garlic" },
  { title: "Potato fields near Kanpur", kind: "potato", scene: "field" },
  { title: "Packed lots in our warehouse", kind: "potato", scene: "warehouse" },
  { title: "Containers ready at Nhava Sheva", kind: "red-onion", scene: "port" },
  { title: "Fresh green chillies for the UK", kind: "chilli" },
  { title: "Dehydrated onion flakes", kind: "flakes" },
];

export const DEMO_POSTS = [
  {
    title: "Onion Export Season 2026: What Importers Should Know",
    kind: "red-onion" as ProduceKind,
    status: "published" as const,
    daysAgo: 4,
    tags: ["Onions", "Market Update", "Export"],
    excerpt:
      "The rabi crop is in, prices are settling and shipping lines have added capacity. Here is our outlook for the season.",
    content:
      "The **rabi onion harvest** in Maharashtra and Madhya Pradesh finished on schedule this year, and the quality of the crop is *excellent*: good colour, firm bulbs and low moisture.\n\nFor importers this means steady availability of 55 mm+ Nashik red onions through the summer. We expect prices to stay stable until the monsoon.\n\nOur advice:\nBook containers two weeks ahead.\nConfirm size and packing before loading.\nAsk us for pre-shipment photos of your lot.",
  },
  {
    title: "How We Grade and Pack Garlic for Long Voyages",
    kind: "garlic" as ProduceKind,
    status: "published" as const,
    daysAgo: 18,
    tags: ["Garlic", "Quality"],
    excerpt: "From sun-drying to bulb-diameter sorting, a look inside our garlic pack house.",
    content:
      "Garlic that travels for thirty days needs to leave India **fully cured**. We dry our bulbs in the shade for two weeks before they are trimmed and sorted.\n\nEach lot is graded by bulb diameter into 35–40 mm, 40–45 mm and 45 mm+ and packed in ventilated mesh bags or cartons.\n\nEvery container is inspected before loading, and we share the inspection report with our buyers.",
  },
  {
    title: "Indian Potatoes for Processing: Varieties and Specifications",
    kind: "potato" as ProduceKind,
    status: "published" as const,
    daysAgo: 40,
    tags: ["Potatoes", "Processing"],
    excerpt: null,
    content:
      "Chips and fries need potatoes with **high dry matter** and *low reducing sugars*. Kufri Chipsona varieties grown in Uttar Pradesh and Gujarat meet both.\n\nWe contract farmers each season and test every lot for dry matter before dispatch.",
  },
  {
    title: "Draft: Dehydrated Onion Price Outlook",
    kind: "flakes" as ProduceKind,
    status: "draft" as const,
    daysAgo: 1,
    tags: ["Dehydrated"],
    excerpt: "Notes for the next market update.",
    content: "Work in progress: prices for white onion flakes and powder for the coming quarter.",
  },
];

export const DEMO_ABOUT = {
  leadership_ceo_name: "Rajesh Kumar Verma",
  leadership_ceo_title: "Founder & CEO",
  leadership_ceo_quote: "Our commitment is to deliver unparalleled quality and build lasting relationships globally.",
  about_main_heading: "From Indian Farms to Tables Around the World",
  about_intro_p1:
    "Ganga Agro Exports was founded in Kanpur to connect the hard work of Indian farmers with importers who care about quality. We source onions, garlic, potatoes and fresh vegetables directly from growers in Maharashtra, Madhya Pradesh, Uttar Pradesh and Gujarat.",
  about_intro_p2:
    "Every lot is cleaned, graded and packed in our own pack houses under the supervision of our quality team, and shipped with complete documentation: phytosanitary certificates, certificates of origin and third-party inspection where required.",
  about_intro_p3:
    "Today we ship to buyers in the Middle East, South-East Asia, Europe and Africa, and we measure our success by the number of customers who come back season after season.",
};

/** Demo quote requests in the lead pipeline; lines name demo products by slug, found when seeding. */
export interface DemoQuoteRequest {
  full_name: string;
  email: string;
  phone: string;
  company: string;
  country: string;
  destination_port: string;
  incoterm: string;
  /** Months from now, for the target delivery month. */
  deliveryInMonths: number;
  subject: string;
  message: string;
  status: "new" | "quoted";
  daysAgo: number;
  lines: Array<{ productSlug: string; quantity: string; unit: string; grade: string | null; packaging: string | null }>;
  notes: Array<{ author_name: string; body: string; hoursAfter: number }>;
}

export const DEMO_QUOTE_REQUESTS: DemoQuoteRequest[] = [
  {
    full_name: "Khalid Rahman",
    email: "khalid.rahman@alnoor-foodstuff.example",
    phone: "+971 4 555 0142",
    company: "Al Noor Foodstuff Trading LLC",
    country: "United Arab Emirates",
    destination_port: "Jebel Ali, Dubai",
    incoterm: "FOB",
    deliveryInMonths: 2,
    subject: "Quote request: Nashik Red Onion, 2 × 40 ft containers",
    message:
      "We are regular importers of Indian onion for the Dubai wholesale market. Please send your best FOB Nhava Sheva price for two 40 ft reefer containers, with loading dates.",
    status: "new",
    daysAgo: 1,
    lines: [
      {
        productSlug: "nashik-red-onion",
        quantity: "58",
        unit: "MT",
        grade: "55 mm+",
        packaging: "25 kg mesh bag",
      },
    ],
    notes: [],
  },
  {
    full_name: "Nurul Aisyah binti Hassan",
    email: "aisyah@sinar-segar.example",
    phone: "+60 3 5566 7788",
    company: "Sinar Segar Import Sdn Bhd",
    country: "Malaysia",
    destination_port: "Port Klang",
    incoterm: "CIF",
    deliveryInMonths: 3,
    subject: "Quote request: garlic and potatoes for Port Klang",
    message:
      "Please quote CIF Port Klang for one mixed 40 ft container of garlic and potatoes. We need phytosanitary certificate and certificate of origin.",
    status: "quoted",
    daysAgo: 6,
    lines: [
      {
        productSlug: "indian-garlic-ooty-variety",
        quantity: "10",
        unit: "MT",
        grade: "45 mm+",
        packaging: "10 kg mesh bag",
      },
      {
        productSlug: "fresh-potato-jyoti",
        quantity: "16",
        unit: "MT",
        grade: "50-80 mm",
        packaging: "50 kg jute bag",
      },
    ],
    notes: [
      {
        author_name: "Ganga Agro Exports Team",
        body: "Sent CIF Port Klang offer by email: garlic USD 1,450/MT, potato USD 310/MT, valid 7 days. Buyer to confirm after checking samples.",
        hoursAfter: 20,
      },
    ],
  },
];

/**
 * What a few importing countries ask a shipment for (issue 44): clearly labelled examples for the administrator to
 * check against the importer and the country's current rules, never advice.
 */
export const DEMO_COUNTRY_DOCUMENTS = [
  ...["phytosanitary", "certificate-of-origin", "commercial-invoice", "packing-list", "bill-of-lading"].map((kind) => ({
    country: "BD",
    kind,
    note: kind === "phytosanitary" ? "Example: check the import permit's wording" : "Example",
  })),
  ...[
    "phytosanitary",
    "certificate-of-origin",
    "commercial-invoice",
    "packing-list",
    "bill-of-lading",
    "fumigation",
  ].map((kind) => ({ country: "MY", kind, note: "Example" })),
  ...[
    "phytosanitary",
    "certificate-of-origin",
    "commercial-invoice",
    "packing-list",
    "bill-of-lading",
    "lab-report",
  ].map((kind) => ({
    country: "AE",
    kind,
    note: kind === "lab-report" ? "Example: pesticide residue report" : "Example",
  })),
];
