import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { CompareLink } from "~/components/site/compare-link";
import { FallbackImage } from "~/components/site/fallback-image";
import { AddToQuote } from "~/components/site/quote-list";
import { useI18n } from "~/features/i18n/i18n-context";
import { inEnglish as english } from "~/features/translations/fallback";

/** What a product's card shows, in the page's language (a category page's product, a search hit). */
export interface ProductCardData {
  id: string;
  name: string;
  summary: string;
  minimumOrder: string | null;
  image: { src: string; srcSet?: string; alt?: string } | null;
  /** The fields shown in English for want of a translation. */
  inEnglish: string[];
}

/**
 * A product as a category page lists it, and as /search shows a product found: picture, name, summary, minimum
 * order, its page (`href`, in the page's language) and 'Add to Quote'. The first card of a list (`first`) loads its
 * picture at once; the rest when scrolled to.
 */
export function ProductCard({ product, href, first }: { product: ProductCardData; href: string; first: boolean }) {
  const { t } = useI18n();
  return (
    <li className="flex flex-col overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <FallbackImage
        src={product.image?.src ?? null}
        srcSet={product.image?.srcSet}
        sizes="(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
        alt={product.image?.alt ?? product.name}
        width={960}
        height={720}
        loading={first ? "eager" : "lazy"}
        fetchPriority={first ? "high" : "auto"}
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col p-6">
        <h2 className="text-xl font-semibold text-brand-900" {...english(product.inEnglish, "name")}>
          {product.name}
        </h2>
        <p className="mt-2 flex-1 text-muted" {...english(product.inEnglish, "summary")}>
          {product.summary}
        </p>
        {product.minimumOrder ? (
          <p className="mt-3 text-sm text-slate-700">
            <span className="font-semibold text-brand-900">{t("category.minimumOrder")}</span> {product.minimumOrder}
          </p>
        ) : null}
        <Link
          to={href}
          className="mt-5 inline-flex items-center gap-1 self-start font-semibold text-brand-700 hover:text-brand-900 hover:underline"
        >
          {t("category.viewDetails")} <ArrowRight className="size-4 rtl:rotate-180" aria-hidden />
          <span className="sr-only">: {product.name}</span>
        </Link>
        <AddToQuote productId={product.id} productName={product.name} className="mt-4" />
        <CompareLink productId={product.id} productName={product.name} className="mt-3" />
      </div>
    </li>
  );
}
