import { PostCard } from "~/components/site/post-card";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { EmptyState, PageHeader } from "~/components/site/page-header";
import { siteData } from "~/components/site/site-data";
import { PageToast } from "~/components/site/page-toast";
import { listPublishedPosts } from "~/features/blog/blog.server";
import { formatShortDate } from "~/features/blog/dates";
import { pageMeta, webPageJsonLd } from "~/features/seo/seo";
import { FEED_PATH } from "~/features/blog/feed";
import { picturesWithAlt } from "~/features/images/images.server";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { languageOfPath } from "~/lib/i18n/languages";
import { loadOr } from "~/lib/web/load-or.server";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import { localizePostList } from "~/features/translations/blog.server";
import { listPageVersions } from "~/features/translations/pages.server";
import type { Route } from "./+types/blog";
import { postPath } from "~/lib/web/public-paths";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage, shows } = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  shows(pageTag.blogList);
  const { t } = wordingOf(lang);
  const { data, error } = await loadOr(getServices(context), () => listPublishedPosts(getServices(context).db), null, {
    title: t("blog.error.title"),
    description: t("blog.error.description"),
  });
  const [localized, versions] = await Promise.all([
    localizePostList(db, lang, data ?? []),
    listPageVersions(getServices(context), "/blog"),
  ]);
  const pictureOf = await picturesWithAlt(
    db,
    storage,
    lang,
    localized.map((p) => p.featured_image_url),
  );
  const posts = localized.map((p) => ({
    id: p.id,
    title: p.title,
    slug: p.slug,
    excerpt: p.excerpt?.trim() || t("blog.excerptFallback"),
    image: pictureOf(p.featured_image_url),
    author: p.author_name,
    date: formatShortDate(p.published_at, lang),
    tags: p.tags.slice(0, 2),
    inEnglish: p.inEnglish,
  }));
  return { posts, failed: data === null, error, ...versions };
}

export function meta({ matches }: Route.MetaArgs) {
  const { origin, shell } = siteData(matches);
  const { t } = metaWording(matches);
  const description = t("blog.description");
  return pageMeta(
    {
      title: t("blog.title", { company: COMPANY_NAME }),
      description,
      path: "/blog",
      origin,
      feed: { path: FEED_PATH, title: t("blog.feed", { company: COMPANY_NAME }) },
      jsonLd: webPageJsonLd(origin, shell, {
        type: "CollectionPage",
        name: t("blog.name"),
        path: "/blog",
        description,
      }),
    },
    matches,
  );
}

export default function Blog({ loaderData }: Route.ComponentProps) {
  const { posts, failed, error } = loaderData;
  const { t, path } = useI18n();
  return (
    <>
      <PageToast toast={error} />
      <PageHeader title={t("blog.heading")}>{t("blog.intro")}</PageHeader>
      <section className="container-page py-12 sm:py-16">
        {failed ? (
          <EmptyState title={t("blog.error.title")}>{t("blog.error.description")}</EmptyState>
        ) : posts.length === 0 ? (
          <EmptyState title={t("blog.empty")} />
        ) : (
          <ul className="grid gap-8 md:grid-cols-2 lg:grid-cols-3">
            {posts.map((post, i) => (
              <PostCard key={post.id} post={post} href={path(postPath(post.slug))} first={i === 0} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
