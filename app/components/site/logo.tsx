import { COMPANY_NAME } from "~/features/settings/settings.schema";

/**
 * The logo from the header_logo_url setting, or the company's word mark when none is set (a size smaller on a phone,
 * where the header's row also holds the search, quote list and menu icons; smaller still below 380 px, so a 360 px
 * phone does not scroll sideways).
 */
export function Logo({ src, light = false }: { src: string | null; light?: boolean }) {
  if (src)
    return (
      <img src={src} alt={COMPANY_NAME} width={160} height={40} className="h-10 w-auto max-w-[160px] object-contain" />
    );
  return (
    <span
      className={`flex items-center gap-2 text-sm font-bold tracking-tight min-[380px]:text-base sm:text-lg ${light ? "text-white" : "text-brand-800"}`}
    >
      <svg viewBox="0 0 64 64" className="size-8 shrink-0" aria-hidden>
        <rect width="64" height="64" rx="14" fill="#245337" />
        <path d="M32 12c-9 8-14 17-14 25a14 14 0 0 0 28 0c0-8-5-17-14-25z" fill="#f2b544" />
        <path d="M32 22v30" stroke="#245337" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <span>{COMPANY_NAME}</span>
    </span>
  );
}
