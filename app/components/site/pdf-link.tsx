import { FileDown } from "lucide-react";
import { buttonClass, type ButtonStyle } from "~/components/ui/button";

/**
 * A link to one of the site's PDFs (a product's spec sheet, the catalogue). A plain anchor: the router would try to
 * render the address as a page; the browser opens the PDF in its viewer.
 */
export function PdfLink({
  href,
  label,
  className,
  ...style
}: { href: string; label: string; className?: string } & ButtonStyle) {
  return (
    <a href={href} className={buttonClass({ variant: "ghost", ...style }, className)}>
      <FileDown className="size-5" aria-hidden /> {label}
    </a>
  );
}
