import { Search } from "lucide-react";
import { useI18n } from "~/features/i18n/i18n-context";
import { MAX_QUERY_CHARS } from "~/features/search/search-results";

/** Where a search form sits: each has its own look and its own field id (a page holds the menu's and the results'). */
const LOOKS = {
  // The field draws its own edge (white on the dark green behind it), so it stands out 3:1 as a field must.
  menu: {
    id: "menu-search",
    form: "flex h-12 items-stretch",
    input:
      "min-w-0 flex-1 rounded-s-lg border-2 border-white bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-accent-400 focus:outline-none",
    button: "flex w-12 items-center justify-center rounded-e-lg bg-accent-500 text-brand-950 hover:bg-accent-400",
    labelShown: false,
  },
  page: {
    id: "search-q",
    form: "flex h-12 max-w-2xl items-stretch shadow-sm",
    input:
      "min-w-0 flex-1 rounded-s-lg border-2 border-white bg-white px-4 text-base text-slate-900 placeholder:text-slate-500 focus:border-accent-400 focus:outline-none",
    button:
      "flex items-center justify-center gap-2 rounded-e-lg bg-accent-500 px-4 font-semibold text-brand-950 hover:bg-accent-400 sm:px-6",
    labelShown: true,
  },
} as const;

/**
 * The site's search as a plain GET form to /search in the page's language (`?q=`): it works without JavaScript, in
 * the phone menu of every public page and on the results page, which shows the query in it.
 */
export function SearchBox({
  look,
  query = "",
  className = "",
}: {
  look: keyof typeof LOOKS;
  query?: string;
  className?: string;
}) {
  const { t, path } = useI18n();
  const { id, form, input, button, labelShown } = LOOKS[look];
  return (
    <form role="search" method="get" action={path("/search")} className={className}>
      <label htmlFor={id} className={labelShown ? "mb-2 block text-base font-semibold text-white" : "sr-only"}>
        {t("search.label")}
      </label>
      <div className={form}>
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={query}
          maxLength={MAX_QUERY_CHARS}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          enterKeyHint="search"
          className={input}
        />
        <button type="submit" className={button}>
          <Search className="size-5" aria-hidden />
          <span className={look === "page" ? "sr-only sm:not-sr-only" : "sr-only"}>{t("search.submit")}</span>
        </button>
      </div>
    </form>
  );
}

/**
 * The desktop header's search: a real GET form (no JavaScript) that takes an icon's room in the row, whose links fill
 * 1280 px in some languages. Its field lies over the icon, its edge a circle around it: a click or Tab into it opens
 * the box over the end of the nav, and it stays open while it holds text; the submit button takes clicks only then (closed, a click on the icon
 * opens the field rather than searching for nothing).
 */
export function HeaderSearch({ className = "" }: { className?: string }) {
  const { t, path } = useI18n();
  return (
    <form role="search" method="get" action={path("/search")} className={`relative size-10 ${className}`}>
      <div className="group absolute inset-y-0 end-0 z-10 w-10 rounded-full bg-white transition-[width] duration-200 focus-within:w-72 has-[input:not(:placeholder-shown)]:w-72 motion-reduce:transition-none">
        <label htmlFor="header-search" className="sr-only">
          {t("search.label")}
        </label>
        <input
          id="header-search"
          type="search"
          name="q"
          maxLength={MAX_QUERY_CHARS}
          placeholder={t("search.placeholder")}
          autoComplete="off"
          enterKeyHint="search"
          className="absolute inset-0 size-full cursor-pointer rounded-full border border-slate-500 bg-transparent ps-4 pe-10 text-sm text-transparent placeholder:text-transparent focus:cursor-text focus:border-brand-700 focus:text-slate-900 focus:ring-1 focus:ring-brand-700 focus:outline-none focus:placeholder:text-slate-500 [&:not(:placeholder-shown)]:text-slate-900"
        />
        <button
          type="submit"
          className="pointer-events-none absolute inset-y-0 end-0 flex w-10 items-center justify-center rounded-full text-brand-800 group-focus-within:pointer-events-auto group-has-[input:not(:placeholder-shown)]:pointer-events-auto group-focus-within:hover:bg-brand-50"
        >
          <Search className="size-6" aria-hidden />
          <span className="sr-only">{t("search.submit")}</span>
        </button>
      </div>
    </form>
  );
}

/** The phone header's way to search: a link to /search, whose page holds the form (as does the menu). */
export function SearchLink({ className = "" }: { className?: string }) {
  const { t, path } = useI18n();
  return (
    <a
      href={path("/search")}
      aria-label={t("search.submit")}
      className={`rounded-md p-2 text-brand-800 hover:bg-brand-50 ${className}`}
    >
      <Search className="size-6" aria-hidden />
    </a>
  );
}
