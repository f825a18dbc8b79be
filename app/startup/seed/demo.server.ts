import { randomBytes } from "node:crypto";
import type { Insertable } from "kysely";
import { DEMO_LANGUAGES } from "~/features/i18n/demo-languages";
import type { Db } from "~/db/database.server";
import type {
  BlogPostsTable,
  CertificatesTable,
  GalleryItemsTable,
  InquiriesTable,
  InquiryLinesTable,
  InquiryNotesTable,
  ProductCategoriesTable,
  ProductsTable,
} from "~/db/schema";
import { decodeImage, writeVariants } from "~/features/images/images.server";
import type { Storage } from "~/lib/storage/storage.server";
import { countryCodeOf } from "~/lib/country";
import { addDays, newId, utcDate } from "~/lib/time";
import { demoTradeTermsJson } from "./demo-trade-terms";
import {
  DEMO_ABOUT,
  DEMO_CATEGORIES,
  DEMO_CERTIFICATES,
  DEMO_COUNTRY_DOCUMENTS,
  DEMO_GALLERY,
  DEMO_POSTS,
  DEMO_QUOTE_REQUESTS,
} from "./demo-data";
import { certificateSvg, produceSvg, rasterise, sceneSvg } from "./images.server";
import { seedDemoTranslations } from "./demo-translations.server";

/** The demo exporter's contact details: a new site's settings, never a fallback for a cleared one (ADR 0035). */
const DEMO_CONTACT = {
  address: "117/N/72, Kakadeo, Kanpur, Uttar Pradesh 208025, India",
  email: "exports@gangaagroexports.com",
  phone: "+91 98390 12345",
};

const suffix = () => randomBytes(6).toString("base64url").replace(/[-_]/g, "x").slice(0, 8);

/** True when the site has no content at all: no categories, settings or page texts. */
export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [category, setting, content] = await Promise.all([
    db.selectFrom("product_categories").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("site_settings").select("id").limit(1).executeTakeFirst(),
    db.selectFrom("page_content").select("id").limit(1).executeTakeFirst(),
  ]);
  return !category && !setting && !content;
}

/**
 * Fills an empty database with believable demo content (issue 2): categories, products, certificates,
 * gallery, blog posts, page texts and settings, with pictures drawn locally. Never seeds user accounts.
 */
export async function seedDemoIfEmpty(db: Db, storage: Storage): Promise<boolean> {
  if (!(await isDatabaseEmpty(db))) return false;
  const written: string[] = [];
  const pending: Promise<void>[] = [];
  // A picture's URL follows from its path, so rows are built at once while sharp renders in parallel.
  const put = (objectPath: string, svg: string) => {
    pending.push(
      rasterise(svg).then(async (bytes) => {
        await storage.put(objectPath, bytes, "image/jpeg");
        written.push(objectPath);
        written.push(...(await writeVariants(storage, objectPath, await decodeImage(bytes))));
      }),
    );
    return storage.publicUrl(objectPath);
  };
  const base = Date.now() - 60 * 24 * 3600 * 1000;
  const at = (offsetMinutes: number) => new Date(base + offsetMinutes * 60_000).toISOString();
  let seed = 7;

  try {
    const categories: Insertable<ProductCategoriesTable>[] = [];
    const products: Insertable<ProductsTable>[] = [];
    for (const [ci, category] of DEMO_CATEGORIES.entries()) {
      const categoryId = newId();
      categories.push({
        id: categoryId,
        name: category.name,
        slug: category.slug,
        description: category.description,
        image_url: put(
          `public/categories/${category.slug}/category-${suffix()}.jpg`,
          produceSvg(category.kind, 800, 500, seed++),
        ),
        created_at: at(ci),
        updated_at: at(ci),
      });
      for (const [pi, product] of category.products.entries()) {
        const slug = product.name
          .toLowerCase()
          .replace(/[()]/g, "")
          .trim()
          .replace(/\s+/g, "-")
          .replace(/[^\w-]/g, "")
          .replace(/-+/g, "-");
        const image = put(
          `public/products/${slug}/product-${suffix()}.jpg`,
          produceSvg(product.kind, 960, 720, seed++),
        );
        const gallery: string[] = [];
        for (const kind of product.gallery ?? []) {
          gallery.push(
            put(`public/products/${slug}/gallery/gallery-${suffix()}.jpg`, produceSvg(kind, 960, 720, seed++, "jute")),
          );
        }
        const when = at(100 + ci * 10 + pi);
        products.push({
          id: newId(),
          name: product.name,
          slug,
          category_id: categoryId,
          description: product.description,
          image_url: image,
          gallery_images: JSON.stringify(gallery.length ? [image, ...gallery] : []),
          specifications: JSON.stringify(product.specifications),
          export_info: product.export_info,
          trade_terms: demoTradeTermsJson(product.name, new Date()),
          is_featured: product.is_featured ? (1 as const) : (0 as const),
          created_at: when,
          updated_at: when,
        });
      }
    }

    const certificates: Insertable<CertificatesTable>[] = [];
    const today = utcDate(Date.now());
    for (const [i, { issuedDaysAgo, lapsesInDays, ...certificate }] of DEMO_CERTIFICATES.entries()) {
      certificates.push({
        id: newId(),
        ...certificate,
        valid_from: addDays(today, -issuedDaysAgo),
        valid_until: lapsesInDays === null ? null : addDays(today, lapsesInDays),
        image_url: put(`public/certificates/certificate-${suffix()}.jpg`, certificateSvg(certificate.name, seed++)),
        sort_order: i,
        created_at: at(200 + i),
        updated_at: at(200 + i),
      });
    }

    const gallery: Insertable<GalleryItemsTable>[] = [];
    for (const [i, item] of DEMO_GALLERY.entries()) {
      const svg = item.scene
        ? sceneSvg(item.kind, 960, 720, seed++, item.scene)
        : produceSvg(item.kind, 960, 720, seed++);
      gallery.push({
        id: newId(),
        title: item.title,
        image_url: put(`public/gallery/gallery-${base + i}.jpg`, svg),
        sort_order: i,
        created_at: at(300 + i),
        updated_at: at(300 + i),
      });
    }

    const posts: Insertable<BlogPostsTable>[] = [];
    for (const post of DEMO_POSTS) {
      const slug = post.title
        .toLowerCase()
        .replace(/[^\w\s-]/g, "")
        .trim()
        .replace(/\s+/g, "-")
        .replace(/-+/g, "-");
      const published = new Date(Date.now() - post.daysAgo * 24 * 3600 * 1000).toISOString();
      posts.push({
        id: newId(),
        title: post.title,
        slug,
        content: post.content,
        excerpt: post.excerpt,
        author_id: null,
        author_name: "Ganga Agro Exports Team",
        featured_image_url: put(`public/blog/blog-${suffix()}.jpg`, produceSvg(post.kind, 960, 504, seed++)),
        tags: JSON.stringify(post.tags),
        status: post.status,
        published_at: post.status === "published" ? published : null,
        created_at: published,
        updated_at: published,
      });
    }

    // Quote requests in the lead pipeline, their lines pointing at the demo products by slug. The demo makes no
    // accounts: a note is by the site's first administrator when one exists already, else by the team, by name.
    const admin = await db
      .selectFrom("profiles")
      .select(["id", "full_name", "email"])
      .where("role", "=", "admin")
      .orderBy("updated_at")
      .limit(1)
      .executeTakeFirst();
    const inquiries: Insertable<InquiriesTable>[] = [];
    const inquiryLines: Insertable<InquiryLinesTable>[] = [];
    const inquiryNotes: Insertable<InquiryNotesTable>[] = [];
    for (const request of DEMO_QUOTE_REQUESTS) {
      const id = newId();
      const received = new Date(Date.now() - request.daysAgo * 24 * 3600 * 1000);
      const delivery = new Date(Date.UTC(received.getUTCFullYear(), received.getUTCMonth() + request.deliveryInMonths));
      inquiries.push({
        id,
        kind: "quote",
        full_name: request.full_name,
        email: request.email,
        phone: request.phone,
        subject: request.subject,
        message: request.message,
        product_name: null,
        page_path: null,
        // Not a real sender's hash: demo rows came from no address.
        ip_hash: "0".repeat(64),
        status: request.status,
        notified_at: null,
        notify_error: null,
        company: request.company,
        country: request.country,
        country_code: countryCodeOf(request.country),
        destination_port: request.destination_port,
        incoterm: request.incoterm,
        delivery_month: delivery.toISOString().slice(0, 7),
        assignee_id: null,
        created_at: received.toISOString(),
        updated_at: received.toISOString(),
      });
      for (const [position, line] of request.lines.entries()) {
        const product = products.find((p) => p.slug === line.productSlug);
        if (!product) throw new Error(`demo quote request names an unknown product: ${line.productSlug}`);
        const { productSlug: _slug, ...fields } = line;
        inquiryLines.push({
          id: newId(),
          inquiry_id: id,
          position,
          product_id: product.id,
          product_name: product.name,
          ...fields,
        });
      }
      for (const note of request.notes) {
        inquiryNotes.push({
          id: newId(),
          inquiry_id: id,
          author_id: admin?.id ?? null,
          author_name: admin ? admin.full_name || admin.email : note.author_name,
          body: note.body,
          created_at: new Date(received.getTime() + note.hoursAfter * 3600 * 1000).toISOString(),
        });
      }
    }

    const now = new Date().toISOString();
    const homeImages = {
      hero_image_url: put(
        `public/home-page/hero-image-url-${base}.jpg`,
        sceneSvg("red-onion", 1600, 900, seed++, "field"),
      ),
      about_image_url: put(
        `public/home-page/about-image-url-${base}.jpg`,
        sceneSvg("potato", 960, 720, seed++, "warehouse"),
      ),
      cta_background_image_url: put(
        `public/home-page/cta-background-image-url-${base}.jpg`,
        sceneSvg("red-onion", 1600, 600, seed++, "port"),
      ),
    };
    const pageRows = [
      ...Object.entries(homeImages).map(([section, content]) => ({ page: "home", section, content, type: "image" })),
      ...Object.entries(DEMO_ABOUT).map(([section, content]) => ({
        page: "about-us",
        section,
        content,
        type: section.includes("_p") || section.includes("quote") ? "textarea" : "text",
      })),
    ];
    const settings: Record<string, { value: string; description: string }> = {
      header_logo_url: { value: "", description: "URL of the logo in the header (empty: the company name is shown)" },
      social_facebook_url: {
        value: "https://www.facebook.com/gangaagroexports",
        description: "Facebook page ('#' hides the link)",
      },
      social_twitter_url: { value: "#", description: "Twitter / X profile ('#' hides the link)" },
      social_linkedin_url: {
        value: "https://www.linkedin.com/company/ganga-agro-exports",
        description: "LinkedIn page ('#' hides the link)",
      },
      social_instagram_url: {
        value: "#",
        description: "Instagram profile ('#' hides the link)",
      },
      contact_address: {
        value: DEMO_CONTACT.address,
        description: "Office address shown in the footer and on the contact page",
      },
      contact_email: { value: DEMO_CONTACT.email, description: "Email address for buyers" },
      contact_phone: { value: DEMO_CONTACT.phone, description: "Phone number for buyers" },
      whatsapp_number: {
        value: DEMO_CONTACT.phone,
        description: "Number for the chat button (digits are used)",
      },
      // Examples, so the demo's proforma and invoices show where each goes; marked to be replaced (issue 44).
      iec_number: { value: "AABCG1234F", description: "IEC number (an example: replace it with yours)" },
      apeda_registration: {
        value: "RCMC/APEDA/00000/2026-27 (example)",
        description: "APEDA registration (an example: replace it with yours)",
      },
      bank_details: {
        value:
          "EXAMPLE ONLY: replace with your bank's details\nBank: Example Bank, Nashik branch\nAccount: Ganga Agro Exports, 000000000000\nSWIFT: EXAMPLEXXX · IFSC: EXMP0000000",
        description: "Bank details for payment (an example: replace it with yours)",
      },
    };

    await Promise.all(pending);
    await db.transaction().execute(async (trx) => {
      await trx.insertInto("product_categories").values(categories).execute();
      await trx.insertInto("products").values(products).execute();
      await trx.insertInto("certificates").values(certificates).execute();
      await trx.insertInto("gallery_items").values(gallery).execute();
      await trx.insertInto("blog_posts").values(posts).execute();
      await trx.insertInto("inquiries").values(inquiries).execute();
      await trx.insertInto("inquiry_lines").values(inquiryLines).execute();
      await trx.insertInto("inquiry_notes").values(inquiryNotes).execute();
      await trx
        .insertInto("page_content")
        .values(
          pageRows.map((r) => ({
            id: newId(),
            page_slug: r.page,
            section_slug: r.section,
            content: r.content,
            content_type: r.type,
            updated_at: now,
          })),
        )
        .execute();
      await trx
        .insertInto("site_settings")
        .values(
          Object.entries(settings).map(([key, s]) => ({
            id: newId(),
            setting_key: key,
            setting_value: s.value,
            description: s.description,
            updated_at: now,
          })),
        )
        .execute();
      // The demo content ships in Arabic and Bengali too: a new site publishes them (ADR 0030).
      await trx
        .insertInto("languages")
        .values(DEMO_LANGUAGES.map((code) => ({ code, enabled: 1 as const, updated_at: now })))
        .execute();
      await trx
        .insertInto("country_documents")
        .values(DEMO_COUNTRY_DOCUMENTS.map((row) => ({ ...row, updated_at: now })))
        .execute();
      // Read back through the registry, so the translations name the rows just written (issue 26).
      await seedDemoTranslations(trx);
    });
    return true;
  } catch (error) {
    // Nothing half-written: the rows are one transaction, and the files written so far go again.
    await Promise.allSettled(pending);
    await Promise.all(written.map((p) => storage.remove(p).catch(() => {})));
    throw error;
  }
}
