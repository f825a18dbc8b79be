import { ArrowLeft, CalendarDays, User } from "lucide-react";
import { data, isRouteErrorResponse, Link, useRouteError } from "react-router";
import { FallbackImage } from "~/components/site/fallback-image";
import { PageErrorBoundary } from "~/components/site/page-error-boundary";
import { siteData } from "~/components/site/site-data";
import { ButtonLink } from "~/components/ui/button";
import { formatLongDate } from "~/features/blog/dates";
import { BodyView } from "~/features/blog/body-view";
import { publicBody } from "~/features/blog/body.server";
import { absoluteUrl, breadcrumbJsonLd, organizationJsonLd, pageMeta } from "~/features/seo/seo";
import { FEED_PATH } from "~/features/blog/feed";
import { sizedImage } from "~/features/images/image-size.server";
import { picturesWithAlt } from "~/features/images/images.server";
import { postPath } from "~/lib/web/public-paths";
import { findPostPage } from "~/features/translations/blog.server";
import { inEnglish as english } from "~/features/translations/fallback";
import { redirectIfMovedIn, redirectToCanonical } from "~/features/translations/moved.server";
import { languageOfPath } from "~/lib/i18n/languages";
import { wordingOf } from "~/features/i18n/catalogues.server";
import { useI18n } from "~/features/i18n/i18n-context";
import { metaWording } from "~/features/i18n/wording";
import { COMPANY_NAME } from "~/features/settings/settings.schema";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/blog-post";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db, storage } = getServices(context);
  const lang = languageOfPath(new URL(request.url).pathname);
  const { t } = wordingOf(lang);
  const found = await findPostPage(db, lang, params.postSlug);
  if (!found) {
    await redirectIfMovedIn(db, request, lang, postPath(params.postSlug));
    // A draft, an archived post and an unknown slug look the same from outside.
    throw data(t("post.notFound"), { status: 404 });
  }
  redirectToCanonical(request, lang, postPath(params.postSlug), found.canonical);
  const { post, inEnglish, available, alternates } = found;
  getServices(context).shows(pageTag.post(post.id));
  const body = publicBody(post.content, post.excerpt);
  return {
    post: {
      title: post.title,
      slug: post.slug,
      body: body.blocks,
      description: body.description,
      image: (await picturesWithAlt(db, storage, lang, [post.featured_image_url]))(post.featured_image_url),
      author: post.author_name,
      publishedAt: post.published_at,
      updatedAt: post.updated_at,
      date: formatLongDate(post.published_at, lang),
      tags: post.tags,
    },
    ogImage: await sizedImage(storage, post.featured_image_url),
    inEnglish,
    available,
    alternates,
  };
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const { t } = metaWording(matches);
  if (!loaderData) return [{ title: t("post.notFoundTitle") }, { name: "robots", content: "noindex" }];
  const { origin, shell } = siteData(matches);
  const { post } = loaderData;
  const path = postPath(post.slug);
  const description = post.description;
  return pageMeta(
    {
      title: t("post.title", { title: post.title, company: COMPANY_NAME }),
      description,
      path,
      origin,
      image: loaderData.ogImage,
      imageAlt: post.image?.alt ?? post.title,
      type: "article",
      publishedTime: post.publishedAt,
      feed: { path: FEED_PATH, title: t("blog.feed", { company: COMPANY_NAME }) },
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "BlogPosting",
          headline: post.title,
          description,
          datePublished: post.publishedAt,
          dateModified: post.updatedAt,
          // The posts are the company's, whoever typed them (a team name is no Person).
          author: organizationJsonLd(origin, shell),
          publisher: organizationJsonLd(origin, shell),
          mainEntityOfPage: absoluteUrl(origin, path),
          keywords: post.tags.join(", "),
          ...(post.image
            ? {
                image: post.image.alt
                  ? {
                      "@type": "ImageObject",
                      url: absoluteUrl(origin, post.image.src),
                      contentUrl: absoluteUrl(origin, post.image.src),
                      caption: post.image.alt,
                    }
                  : absoluteUrl(origin, post.image.src),
              }
            : {}),
        },
        breadcrumbJsonLd(origin, [
          { name: t("breadcrumb.home"), path: "/" },
          { name: t("blog.name"), path: "/blog" },
          { name: post.title, path },
        ]),
      ],
    },
    matches,
  );
}

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post, inEnglish } = loaderData;
  const { t, path } = useI18n();
  return (
    <article className="container-page max-w-4xl py-10 sm:py-14">
      <Link to={path("/blog")} className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline">
        <ArrowLeft className="size-4 rtl:rotate-180" aria-hidden /> {t("post.back")}
      </Link>
      {post.image ? (
        <FallbackImage
          src={post.image.src}
          srcSet={post.image.srcSet}
          sizes="(min-width: 1024px) 900px, 100vw"
          alt={post.image.alt ?? post.title}
          width={960}
          height={504}
          className="mt-6 aspect-[40/21] w-full rounded-2xl object-cover shadow-lg"
        />
      ) : null}
      <h1 className="mt-8 text-3xl font-extrabold text-brand-900 sm:text-4xl" {...english(inEnglish, "title")}>
        {post.title}
      </h1>
      <p className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-1 text-muted">
        {post.author ? (
          <span className="flex items-center gap-1">
            <User className="size-4" aria-hidden /> {post.author}
          </span>
        ) : null}
        <span className="flex items-center gap-1">
          <CalendarDays className="size-4" aria-hidden />{" "}
          <time dateTime={post.publishedAt ?? undefined}>{post.date}</time>
        </span>
      </p>
      <div {...english(inEnglish, "content")}>
        <BodyView blocks={post.body} className="mt-8 space-y-5 text-lg leading-relaxed text-slate-800" />
      </div>
      {post.tags.length ? (
        <ul
          className="mt-10 flex flex-wrap gap-2 border-t border-slate-200 pt-6"
          aria-label={t("blog.tags")}
          {...english(inEnglish, "tags")}
        >
          {post.tags.map((tag) => (
            <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-sm font-medium text-brand-800">
              {tag}
            </li>
          ))}
        </ul>
      ) : null}
    </article>
  );
}

/** Spec §8: a missing or unpublished post shows its own not-found message, inside the site layout. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t, path } = useI18n();
  if (!isRouteErrorResponse(error) || error.status !== 404) return <PageErrorBoundary />;
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-brand-900">{t("post.notFoundHeading")}</h1>
      <p className="max-w-md text-muted">{t("post.notFound")}</p>
      <ButtonLink to={path("/blog")}>{t("post.back")}</ButtonLink>
    </section>
  );
}
