import { ArrowRight, CalendarDays, User } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage, PLACEHOLDER_IMAGE } from "~/components/site/fallback-image";
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
import { inEnglish as english } from "~/features/translations/fallback";
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
              <li
                key={post.id}
                className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200"
              >
                <FallbackImage
                  src={post.image?.src ?? null}
                  srcSet={post.image?.srcSet}
                  sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                  fallback={PLACEHOLDER_IMAGE}
                  alt={post.image?.alt ?? post.title}
                  width={960}
                  height={504}
                  loading={i === 0 ? "eager" : "lazy"}
                  fetchPriority={i === 0 ? "high" : "auto"}
                  className="aspect-[40/21] w-full object-cover"
                />
                <div className="flex flex-1 flex-col p-6">
                  <h2 className="text-xl font-semibold text-brand-900">
                    <Link
                      to={path(postPath(post.slug))}
                      className="hover:text-brand-700"
                      {...english(post.inEnglish, "title")}
                    >
                      {post.title}
                    </Link>
                  </h2>
                  <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
                    {post.author ? (
                      <span className="flex items-center gap-1">
                        <User className="size-4" aria-hidden /> {post.author}
                      </span>
                    ) : null}
                    <span className="flex items-center gap-1">
                      <CalendarDays className="size-4" aria-hidden /> {post.date}
                    </span>
                  </p>
                  <p className="mt-3 line-clamp-3 flex-1 text-slate-700" {...english(post.inEnglish, "excerpt")}>
                    {post.excerpt}
                  </p>
                  {post.tags.length ? (
                    <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("blog.tags")}>
                      {post.tags.map((tag) => (
                        <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
                          {tag}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <Link
                    to={path(postPath(post.slug))}
                    className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-brand-700 hover:underline"
                  >
                    {t("blog.readMore")} <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
                    <span className="sr-only">: {post.title}</span>
                  </Link>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

export const ErrorBoundary = PageErrorBoundary;
