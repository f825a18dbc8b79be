import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { FallbackImage } from "~/components/site/fallback-image";
import { buttonClass } from "~/components/ui/button";
import { useI18n } from "~/features/i18n/i18n-context";
import { inEnglish as english } from "~/features/translations/fallback";

/** What a category's card shows, in the page's language (/our-products, a search hit). */
export interface CategoryCardData {
  id: string;
  name: string;
  description: string | null;
  image: { src: string; srcSet?: string; alt?: string } | null;
  /** The fields shown in English for want of a translation. */
  inEnglish: string[];
}

/** A category as /our-products lists it, and as /search shows one found; `href` is its page in the page's language. */
export function CategoryCard({ category, href, first }: { category: CategoryCardData; href: string; first: boolean }) {
  const { t } = useI18n();
  return (
    <li className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <FallbackImage
        src={category.image?.src ?? null}
        srcSet={category.image?.srcSet}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        alt={category.image?.alt ?? category.name}
        width={800}
        height={500}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
        className="aspect-[8/5] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl font-semibold text-brand-900" {...english(category.inEnglish, "name")}>
          {category.name}
        </h2>
        {category.description ? (
          <p className="mt-2 line-clamp-3 text-muted" {...english(category.inEnglish, "description")}>
            {category.description}
          </p>
        ) : null}
        <Link to={href} className={buttonClass({ variant: "primary" }, "mt-6 self-start")}>
          {t("products.view", { name: category.name })} <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
        </Link>
      </div>
    </li>
  );
}
