import { ArrowRight, CalendarDays, User } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage, PLACEHOLDER_IMAGE } from "~/components/site/fallback-image";
import { useI18n } from "~/features/i18n/i18n-context";
import { inEnglish as english } from "~/features/translations/fallback";

/** What a post's card shows, in the page's language (the blog's list, a search hit). */
export interface PostCardData {
  id: string;
  title: string;
  excerpt: string;
  image: { src: string; srcSet?: string; alt?: string } | null;
  author?: string | null;
  /** The day it was published, written for the page's language; none for a post without one. */
  date: string | null;
  tags?: string[];
  /** The fields shown in English for want of a translation. */
  inEnglish: string[];
}

/** A post as the blog lists it, and as /search shows one found; `href` is its page in the page's language. */
export function PostCard({ post, href, first }: { post: PostCardData; href: string; first: boolean }) {
  const { t } = useI18n();
  return (
    <li className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <FallbackImage
        src={post.image?.src ?? null}
        srcSet={post.image?.srcSet}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        fallback={PLACEHOLDER_IMAGE}
        alt={post.image?.alt ?? post.title}
        width={960}
        height={504}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
        className="aspect-[40/21] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl font-semibold text-brand-900">
          <Link to={href} className="hover:text-brand-700" {...english(post.inEnglish, "title")}>
            {post.title}
          </Link>
        </h2>
        {post.author || post.date ? (
          <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted">
            {post.author ? (
              <span className="flex items-center gap-1">
                <User className="size-4" aria-hidden /> {post.author}
              </span>
            ) : null}
            {post.date ? (
              <span className="flex items-center gap-1">
                <CalendarDays className="size-4" aria-hidden /> {post.date}
              </span>
            ) : null}
          </p>
        ) : null}
        <p className="mt-3 line-clamp-3 flex-1 text-slate-700" {...english(post.inEnglish, "excerpt")}>
          {post.excerpt}
        </p>
        {post.tags?.length ? (
          <ul className="mt-4 flex flex-wrap gap-2" aria-label={t("blog.tags")}>
            {post.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-brand-50 px-3 py-1 text-xs font-medium text-brand-800">
                {tag}
              </li>
            ))}
          </ul>
        ) : null}
        <Link
          to={href}
          className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-brand-700 hover:underline"
        >
          {t("blog.readMore")} <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
          <span className="sr-only">: {post.title}</span>
        </Link>
      </div>
    </li>
  );
}
