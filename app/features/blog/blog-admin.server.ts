import { expectUnchanged, StaleEdit, staleRowRefusal } from "~/features/history/edit-version.server";
import type { OpenedVersion } from "~/lib/forms/edit-version";
import type { Db } from "~/db/database.server";
import type { BlogStatus } from "~/db/schema";
import type { Actor } from "~/lib/actor";
import { removeStoredImageIfUnused } from "~/features/images/images.server";
import type { Storage } from "~/lib/storage/storage.server";
import { discardImages, storeUploadedImage, UploadError } from "~/features/images/upload.server";
import { recordMove } from "~/features/redirects/redirects.server";
import { postPath } from "~/lib/web/public-paths";
import type { Refusal } from "~/lib/forms/submission";
import { newId, nowIso } from "~/lib/time";
import type { PostValues } from "./blog.schema";
import { parseTags } from "./tags";
import { postChanges, type PageTag } from "~/lib/web/page-tags";
import { deleteTranslationsOf } from "~/db/content-translations.server";
import { recordRowBaseline, recordRowDelete, recordRowVersion } from "~/features/history/row-versions.server";
import { POST_ENTITY } from "./post-entity";
import { isPublic, PUBLIC_STATUS } from "~/features/publishing/visibility";

/** What a post's save or removal changes on the public site: its page, and the lists of posts (blog, feed, sitemap). */

/** Spec §5: split on commas, trimmed, empties dropped (and, beyond the spec, no repeats). */
export function splitTags(value: string): string[] {
  return [
    ...new Set(
      value
        .split(",")
        .map((t) => t.trim().slice(0, 50))
        .filter(Boolean),
    ),
  ].slice(0, 20);
}

export async function listPostsForAdmin(db: Db) {
  return db
    .selectFrom("blog_posts")
    .select(["id", "title", "slug", "status", "published_at", "publish_at", "author_name", "created_at"])
    .orderBy("created_at", "desc")
    .execute();
}

export async function findPostForEdit(db: Db, id: string) {
  const row = await db.selectFrom("blog_posts").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? { ...row, tags: parseTags(row.tags) } : null;
}

/** Whether the author-name field is locked to the signed-in profile's name (spec §5). */
export function authorNameLocked(user: Actor, post: { author_id: string | null } | null): boolean {
  return !!user.fullName && (!post || post.author_id === user.id);
}

/** The author name to store: the profile's name when locked, else what was typed, the profile name, the email, 'Anonymous'. */
export function resolveAuthorName(user: Actor, post: { author_id: string | null } | null, typed: string): string {
  if (authorNameLocked(user, post)) return user.fullName!;
  return typed.trim().slice(0, 120) || user.fullName || user.email || "Anonymous";
}

/**
 * Spec §4: on add, published_at is now when published, else empty; on edit it is set to now only when the post is
 * published and has no date yet, otherwise the existing date stays.
 */
export function publishedAtFor(
  status: BlogStatus,
  existing: string | null | undefined,
  adding: boolean,
): string | null {
  if (adding) return status === PUBLIC_STATUS ? nowIso() : null;
  if (status === PUBLIC_STATUS && !existing) return nowIso();
  return existing ?? null;
}

export type PostResult = { ok: true; id: string; changed: PageTag[] } | Refusal;

/**
 * Adds or updates a post from the form's checked values. A new image is stored first; if the database write then
 * fails it is removed again, and the old image is removed only once the write has succeeded (spec §4).
 */
export async function savePost(
  db: Db,
  storage: Storage,
  actor: Actor,
  /** The form's values, the 'Schedule' time resolved to UTC (`resolveSchedule`): null when not scheduled. */
  input: Omit<PostValues, "publish_at"> & { id?: string; publishAt: string | null; opened?: OpenedVersion | null },
  maxBytes: number,
): Promise<PostResult> {
  const adding = !input.id;
  const errorTitle = adding ? "Error Adding Blog Post" : "Error Updating Blog Post";
  const { title, slug, content } = input;
  // Spec §4: the add form offers draft and published only.
  const status: BlogStatus = adding && input.status === "archived" ? "draft" : input.status;

  const existing = input.id
    ? await db.selectFrom("blog_posts").selectAll().where("id", "=", input.id).executeTakeFirst()
    : undefined;
  if (input.id && !existing) return { ok: false, title: "Blog post not found", message: "The post no longer exists." };
  // Refused before the picture is stored; the conditioned update below closes the race (ADR 0049).
  const opened = existing ? input.opened : null;
  if (existing && opened && existing.updated_at !== opened.updatedAt)
    return staleRowRefusal(db, POST_ENTITY, existing.id, opened);
  const clash = await db.selectFrom("blog_posts").select("id").where("slug", "=", slug).executeTakeFirst();
  if (clash && clash.id !== input.id)
    return { ok: false, title: errorTitle, message: `Another post already uses the slug "${slug}".`, field: "slug" };

  let uploaded: { path: string; publicUrl: string } | null = null;
  if (input.image) {
    try {
      uploaded = await storeUploadedImage(storage, input.image, { folder: "public/blog", prefix: "blog", maxBytes });
    } catch (error) {
      if (error instanceof UploadError)
        return { ok: false, title: errorTitle, message: `Image upload failed: ${error.message}`, field: "image" };
      throw error;
    }
  }
  const imageUrl = uploaded ? uploaded.publicUrl : input.image_remove ? null : (existing?.featured_image_url ?? null);
  const now = nowIso();
  const values = {
    title,
    slug,
    content,
    excerpt: input.excerpt || null,
    tags: JSON.stringify(splitTags(input.tags)),
    status,
    published_at: publishedAtFor(status, existing?.published_at, adding),
    publish_at: status === "draft" ? input.publishAt : null,
    author_name: resolveAuthorName(actor, existing ?? null, input.author_name),
    featured_image_url: imageUrl,
    updated_at: now,
  };
  const id = input.id ?? newId();
  try {
    if (existing) {
      await db.transaction().execute(async (trx) => {
        await recordRowBaseline(trx, POST_ENTITY, id);
        const updated = await trx
          .updateTable("blog_posts")
          .set(values)
          .where("id", "=", id)
          .$if(!!opened, (q) => q.where("updated_at", "=", opened!.updatedAt))
          .executeTakeFirst();
        expectUnchanged(updated);
        // Only an address readers could have seen moves: a draft's or archived post's old slug was never public.
        if (isPublic(existing)) await recordMove(trx, actor, postPath(existing.slug), postPath(slug));
        await recordRowVersion(trx, actor, POST_ENTITY, id, "update");
      });
    } else
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto("blog_posts")
          .values({ id, ...values, author_id: actor.id, created_at: now })
          .execute();
        await recordRowVersion(trx, actor, POST_ENTITY, id, "create");
      });
  } catch (error) {
    if (uploaded) await discardImages(storage, [uploaded.path]);
    if (error instanceof StaleEdit) return staleRowRefusal(db, POST_ENTITY, id, opened!);
    throw error;
  }
  if (existing?.featured_image_url !== imageUrl)
    await removeStoredImageIfUnused(db, storage, existing?.featured_image_url);
  return { ok: true, id, changed: postChanges(id) };
}

export type DeletePostResult = { ok: true; changed: PageTag[] } | Refusal;

export async function deletePost(db: Db, storage: Storage, actor: Actor, id: string): Promise<DeletePostResult> {
  const post = await db.selectFrom("blog_posts").select("featured_image_url").where("id", "=", id).executeTakeFirst();
  if (!post) return { ok: false, title: "Error Deleting Post", message: "The post no longer exists." };
  await db.transaction().execute(async (trx) => {
    await recordRowDelete(trx, actor, POST_ENTITY, id);
    await trx.deleteFrom("blog_posts").where("id", "=", id).execute();
    await deleteTranslationsOf(trx, "blog_post", id);
  });
  await removeStoredImageIfUnused(db, storage, post.featured_image_url);
  return { ok: true, changed: postChanges(id) };
}
