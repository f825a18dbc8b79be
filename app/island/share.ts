import { showToast } from "./toasts";

// 'Share' on a product page (components/site/share-links.tsx): the WhatsApp and email links work without this; here
// 'Copy link' appears where the page may write to the clipboard, and the phone's share sheet where there is one.
export function startShare() {
  for (const box of document.querySelectorAll<HTMLElement>("[data-share]")) {
    const { shareUrl: url = location.href, shareTitle: title = document.title, shareCopied: copied = "" } = box.dataset;
    const copy = box.querySelector<HTMLButtonElement>("[data-share-copy]");
    if (copy && navigator.clipboard && window.isSecureContext) {
      copy.hidden = false;
      copy.addEventListener("click", () => {
        navigator.clipboard.writeText(url).then(
          () => showToast({ title: copied, variant: "success" }),
          () => undefined,
        );
      });
    }
    const native = box.querySelector<HTMLButtonElement>("[data-share-native]");
    if (native && typeof navigator.share === "function") {
      native.hidden = false;
      // A buyer who closes the sheet rejects the promise: nothing to say.
      native.addEventListener("click", () => void navigator.share({ title, url }).catch(() => undefined));
    }
  }
}
