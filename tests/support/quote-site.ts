import { afterAll, beforeAll, expect } from "vitest";
import { QUOTE_LIST_MAX } from "~/features/request-quote/quote-request.schema";
import { insertSetting } from "./builders";
import { startSmtpServer } from "./smtp";
import { createTestApp } from "./test-app";
import { createTestDatabase, insertCategory, insertProduct, type TestDatabase } from "./test-db";

/**
 * The quote tests' site: one database with three products (and spares up to the list's limit), an app that mails
 * over a real SMTP server and one with the page cache on, plus the buyer's requests. Call once at the top of a test
 * file: it registers its own beforeAll/afterAll.
 */
export function quoteSite() {
  const site = {
    t: undefined as unknown as TestDatabase,
    app: undefined as unknown as Awaited<ReturnType<typeof createTestApp>>,
    cached: undefined as unknown as Awaited<ReturnType<typeof createTestApp>>,
    smtp: undefined as unknown as Awaited<ReturnType<typeof startSmtpServer>>,
    products: {} as Record<"onion" | "garlic" | "potato", { id: string; path: string }>,
    spares: [] as string[],
  };

  const ONION_TERMS = {
    min_order_quantity: 1,
    min_order_unit: "40 ft container",
    grades: ["40-60 mm", "60 mm+"],
    packaging: ["25 kg mesh bag", "50 kg jute bag"],
  };

  async function insertQuoteProduct(categoryId: string, name: string, slug: string, terms: object = {}) {
    const id = await insertProduct(site.t.db, {
      name,
      slug,
      category_id: categoryId,
      description: `${name} for export.`,
      trade_terms: JSON.stringify(terms),
    });
    return { id, path: `/products/quote-veg/${slug}` };
  }

  beforeAll(async () => {
    site.t = await createTestDatabase();
    site.smtp = await startSmtpServer();
    site.app = await createTestApp(site.t.db, site.t.dataDir, {
      smtpUrl: site.smtp.url,
      inquiryNotifyTo: "sales@ganga.example",
      inquiryNotifyFrom: "website@ganga.example",
    });
    site.cached = await createTestApp(site.t.db, site.t.dataDir, { pageCache: true });
    // The exporter's chat number, which the receipts name: a setting (none is invented when it is missing, ADR 0035).
    await insertSetting(site.t.db, "whatsapp_number", "+91 98390 12345");
    const category = await insertCategory(site.t.db, { name: "Quote Vegetables", slug: "quote-veg" });
    site.products.onion = await insertQuoteProduct(category, "Red Onion", "red-onion", ONION_TERMS);
    site.products.garlic = await insertQuoteProduct(category, "Garlic", "garlic");
    site.products.potato = await insertQuoteProduct(category, "Potato", "potato", { packaging: ["Carton 10 kg"] });
    for (let i = 0; i < QUOTE_LIST_MAX; i++)
      site.spares.push((await insertQuoteProduct(category, `Spare ${i}`, `spare-${i}`)).id);
  });
  afterAll(async () => {
    await site.smtp?.close();
    await site.t?.cleanup();
  });

  let nextIp = 1;
  const freshIp = () => `198.51.100.${nextIp++}`;

  /** The quote list cookie a response sets ("" when it clears it), or undefined when it sets none. */
  function listCookie(response: Response): string | undefined {
    const match = /(?:^|,\s*)quote_list=([^;]*)(;[^,]*)?/.exec(response.headers.get("Set-Cookie") ?? "");
    if (!match) return undefined;
    return /Max-Age=0/i.test(match[2] ?? "") ? "" : decodeURIComponent(match[1]);
  }
  const flashOf = (response: Response) => {
    const raw = /site_flash=([^;]+)/.exec(response.headers.get("Set-Cookie") ?? "")?.[1];
    return raw ? JSON.parse(Buffer.from(raw, "base64url").toString()) : null;
  };
  const withList = (ids: string[]) => `quote_list=${ids.join(".")}`;

  const add = (productId: string, init: { cookie?: string; returnTo?: string; via?: string; path?: string } = {}) =>
    site.app.request(init.path ?? "/request-quote", {
      form: {
        intent: "add",
        product_id: productId,
        ...(init.returnTo !== undefined ? { returnTo: init.returnTo } : {}),
        ...(init.via ? { via: init.via } : {}),
      },
      cookie: init.cookie,
    });

  const month = (offset: number) => {
    const d = new Date();
    d.setUTCDate(1);
    d.setUTCMonth(d.getUTCMonth() + offset);
    return d.toISOString().slice(0, 7);
  };

  const BUYER = {
    company: "Gulf Fresh Trading LLC",
    full_name: "Ahmed Al Mansouri",
    email: "ahmed@gulffresh.example",
    phone: "+971 50 123 4567",
    country: "United Arab Emirates",
    destination_port: "Jebel Ali",
    incoterm: "CIF",
    delivery_month: month(2),
    message: "Weekly shipments if the first one goes well.\nPrivate label bags.",
  };

  const LINES = () => ({
    product_id_0: site.products.onion.id,
    quantity_0: "2",
    unit_0: "40 ft container",
    grade_0: "60 mm+",
    packaging_0: "25 kg mesh bag",
    product_id_1: site.products.garlic.id,
    quantity_1: "12.5",
    unit_1: "MT",
  });

  /** Sent as a buyer would: with the list in its cookie, so a refused form shows the lines again. */
  const send = (form: Record<string, string>, ip = freshIp()) =>
    site.app.request("/request-quote", {
      form: { intent: "send", website: "", ...form },
      ip,
      cookie: withList([site.products.onion.id, site.products.garlic.id]),
    });

  const countQuotes = async () =>
    Number(
      (
        await site.t.db
          .selectFrom("inquiries")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .where("kind", "=", "quote")
          .executeTakeFirstOrThrow()
      ).n,
    );
  const countLines = async () =>
    Number(
      (
        await site.t.db
          .selectFrom("inquiry_lines")
          .select((eb) => eb.fn.countAll<string | number>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  function mimePart(raw: string, type: string): string {
    const start = raw.search(new RegExp(`^Content-Type: ${type.replace("/", "\\/")}`, "mi"));
    expect(start, type).toBeGreaterThan(-1);
    const rest = raw.slice(start);
    const headerEnd = rest.search(/\r?\n\r?\n/);
    const headers = rest.slice(0, headerEnd);
    const body = rest
      .slice(headerEnd)
      .trimStart()
      .split(/\r?\n--/)[0];
    if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body, "base64").toString("utf8");
    if (!/Content-Transfer-Encoding: quoted-printable/i.test(headers)) return body;
    const bytes = body
      .replace(/=\r?\n/g, "")
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, "latin1").toString("utf8");
  }

  return {
    site,
    ONION_TERMS,
    freshIp,
    listCookie,
    flashOf,
    withList,
    add,
    month,
    BUYER,
    LINES,
    send,
    countQuotes,
    countLines,
    mimePart,
  };
}
