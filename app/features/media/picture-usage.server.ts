import type { Db } from "~/db/database.server";
import { BUCKET } from "~/lib/storage/storage.server";

/** One place a stored picture is used, as the Media Library names it, with the back-office page that edits it. */
export interface PictureUse {
  kind: "product" | "category" | "certificate" | "gallery" | "post" | "page" | "setting" | "translation" | "version";
  label: string;
  href: string;
}

// A stored file's path as it appears after the bucket name in any text (`/media/<bucket>/…`, `https://…/<bucket>/…`,
// a Markdown picture in a post, a JSON list of gallery URLs): the same characters isSafeObjectPath allows.
const STORED_PATH = new RegExp(`${BUCKET}/([A-Za-z0-9][A-Za-z0-9._/-]*)`, "g");

/** Every stored path a text names (a sentence's full stop after a URL is not part of it). */
export function storedPathsIn(text: string | null | undefined): string[] {
  if (!text) return [];
  return [...text.matchAll(STORED_PATH)].map((match) => match[1].replace(/\.+$/, ""));
}

const PAGE_LABELS: Record<string, { label: string; href: string }> = {
  home: { label: "Home page", href: "/admin/edit-pages/home" },
  "about-us": { label: "About page", href: "/admin/edit-pages/about-us" },
};

/**
 * Where each stored picture is used: one pass over every column that can name one (the same columns as
 * isStoredImageUsed, which stays the check a deletion relies on). A kept version counts as a use: a restore must
 * never bring back a broken picture (ADR 0031).
 */
export async function pictureUses(db: Db): Promise<Map<string, PictureUse[]>> {
  const uses = new Map<string, PictureUse[]>();
  const add = (text: string | null | undefined, use: PictureUse) => {
    for (const path of new Set(storedPathsIn(text))) {
      const list = uses.get(path) ?? [];
      if (!list.some((u) => u.kind === use.kind && u.label === use.label)) list.push(use);
      uses.set(path, list);
    }
  };
  const [products, categories, certificates, galleryItems, posts, pages, settings, translations, versions] =
    await Promise.all([
      db.selectFrom("products").select(["id", "name", "image_url", "gallery_images"]).execute(),
      db.selectFrom("product_categories").select(["id", "name", "image_url"]).execute(),
      db.selectFrom("certificates").select(["id", "name", "image_url"]).execute(),
      db.selectFrom("gallery_items").select(["id", "title", "image_url"]).execute(),
      db.selectFrom("blog_posts").select(["id", "title", "featured_image_url", "content"]).execute(),
      db.selectFrom("page_content").select(["page_slug", "section_slug", "content"]).execute(),
      db.selectFrom("site_settings").select(["setting_key", "setting_value"]).execute(),
      db
        .selectFrom("content_translations")
        .select(["entity", "entity_id", "lang", "field", "value"])
        .where("value", "like", `%${BUCKET}/%`)
        .execute(),
      db
        .selectFrom("versions")
        .select(["entity", "entity_id", "number", "snapshot"])
        .where("snapshot", "like", `%${BUCKET}/%`)
        .execute(),
    ]);
  for (const p of products) {
    const href = `/admin/manage-products/edit/${p.id}`;
    add(p.image_url, { kind: "product", label: `${p.name} (main picture)`, href });
    add(p.gallery_images, { kind: "product", label: `${p.name} (gallery)`, href });
  }
  for (const c of categories)
    add(c.image_url, { kind: "category", label: c.name, href: `/admin/manage-categories/edit/${c.id}` });
  for (const c of certificates)
    add(c.image_url, { kind: "certificate", label: c.name, href: "/admin/edit-pages/certificates" });
  for (const g of galleryItems)
    add(g.image_url, { kind: "gallery", label: g.title || "Gallery picture", href: "/admin/edit-pages/gallery" });
  for (const post of posts) {
    const use: PictureUse = { kind: "post", label: post.title, href: `/admin/manage-blog/edit/${post.id}` };
    add(post.featured_image_url, use);
    add(post.content, use);
  }
  for (const page of pages) {
    const known = PAGE_LABELS[page.page_slug] ?? { label: page.page_slug, href: "/admin/edit-pages" };
    add(page.content, { kind: "page", label: `${known.label}: ${page.section_slug}`, href: known.href });
  }
  for (const s of settings)
    add(s.setting_value, { kind: "setting", label: s.setting_key, href: "/admin/site-settings" });
  for (const t of translations)
    add(t.value, { kind: "translation", label: `${t.entity} ${t.field} (${t.lang})`, href: "/admin/translations" });
  for (const v of versions)
    add(v.snapshot, { kind: "version", label: `A kept version of a ${v.entity.replace("_", " ")}`, href: "" });
  return uses;
}
