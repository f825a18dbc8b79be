import { Download } from "lucide-react";
import { useState, type MouseEvent } from "react";
import { buttonClass } from "~/components/ui/button";
import { useToast } from "~/components/ui/toast";

const fileNameOf = (disposition: string | null) => disposition?.match(/filename="([^"]+)"/)?.[1] ?? null;

/** Hands a fetched file to the browser as a download under `name`. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers read the file after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A CSV export (spec §8: 'Export Successful' / 'Export Error'). A plain link, so without JavaScript the browser
 * downloads the file itself; with JavaScript the file is fetched first, so the page knows whether it came and says
 * so, then saved under the server's file name.
 */
export function ExportLink({ href, label, what }: { href: string; label: string; what: string }) {
  const showToast = useToast();
  const [busy, setBusy] = useState(false);

  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    // A click that asks for a new tab or window keeps the browser's own behaviour.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      // A signed-out session answers with the sign-in page, not a file.
      if (!response.ok || !response.headers.get("Content-Type")?.startsWith("text/csv"))
        throw new Error(`export answered ${response.status}`);
      const name = fileNameOf(response.headers.get("Content-Disposition")) ?? "export.csv";
      saveFile(await response.blob(), name);
      showToast({ title: "Export Successful", description: `${name} has been downloaded.`, variant: "success" });
    } catch (error) {
      console.error("[export]", error);
      showToast({
        title: "Export Error",
        description: `The ${what} could not be exported. Please try again.`,
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <a
      href={href}
      download
      onClick={download}
      aria-busy={busy || undefined}
      className={buttonClass({ variant: "outline" }, busy ? "cursor-progress opacity-60" : "")}
    >
      <Download className="size-4" aria-hidden /> {label}
    </a>
  );
}
