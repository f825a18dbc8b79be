import type { Db } from "~/db/database.server";
import { findPublishedPostBy } from "~/features/blog/blog.server";
import { DEFAULT_LANGUAGE, type Language } from "~/lib/i18n/languages";
import { alternatesOf, enabledLanguages, fieldPicker, readTranslations, readVersions } from "./read.server";
import { findSlugInAnyLanguage, findTranslatedSlug } from "./slugs.server";
import { postPath } from "~/lib/web/public-paths";

/** Tags are translated as one text, separated by commas (the registry's `tags` field). */
const tagList = (text: string) =>
  text
    .split(",")
    .map((tag) => tag.trim())
    .filter(Boolean);

/**
 * A published post in a language (ADR 0030): found by its translated slug, else its English one; title, excerpt,
 * body and tags in the language or English; available when title and body are translated; the path of each
 * version and `canonical`, this language's own path. Null when no published post answers.
 */
export async function findPostPage(db: Db, lang: Language, slug: string) {
  const translatedId = lang === DEFAULT_LANGUAGE ? null : await findTranslatedSlug(db, "blog_post", lang, slug);
  let post = await findPublishedPostBy(db, translatedId ? { id: translatedId } : { slug });
  // Another language's slug: found, then answered 301 to this language's address (the canonical check).
  if (!post && lang !== DEFAULT_LANGUAGE) {
    const other = await findSlugInAnyLanguage(db, "blog_post", slug);
    if (other) post = await findPublishedPostBy(db, { id: other });
  }
  if (!post) return null;
  const [versions, languages] = await Promise.all([
    readVersions(db, [{ entity: "blog_post", id: post.id }], lang),
    enabledLanguages(db),
  ]);
  const { pick, inEnglish } = fieldPicker(lang, versions.fields("blog_post", post.id));
  const english = { title: post.title, content: post.content };
  const pathIn = (l: Language) => postPath(versions.slug("blog_post", post.id, l) ?? post.slug);
  return {
    post: {
      ...post,
      title: pick("title", post.title),
      excerpt: pick("excerpt", post.excerpt),
      content: pick("content", post.content),
      tags: tagList(pick("tags", post.tags.join(", "))),
      slug: versions.slug("blog_post", post.id, lang) ?? post.slug,
    },
    inEnglish,
    available: versions.isAvailable("blog_post", post.id, lang, english),
    alternates: alternatesOf(
      languages.filter((l) => versions.isAvailable("blog_post", post.id, l, english)),
      pathIn,
    ),
    canonical: pathIn(lang),
  };
}

/** The blog list's posts in a language: title, slug, excerpt and tags translated, fallen-back fields listed. */
export async function localizePostList<
  T extends { id: string; title: string; slug: string; excerpt: string | null; tags: string[] },
>(db: Db, lang: Language, posts: T[]) {
  const translations = await readTranslations(
    db,
    "blog_post",
    posts.map((post) => post.id),
    lang,
  );
  return posts.map((post) => {
    const fields = translations.get(post.id);
    const { pick, inEnglish } = fieldPicker(lang, fields);
    return {
      ...post,
      title: pick("title", post.title),
      slug: fields?.slug || post.slug,
      excerpt: pick("excerpt", post.excerpt),
      tags: tagList(pick("tags", post.tags.join(", "))),
      inEnglish,
    };
  });
}
