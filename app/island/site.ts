// The public pages' one script (ADR 0058). The server renders every page whole, in its language, with the texts
// each behaviour needs in data attributes; each part below starts only where its markup is on the page, and works
// on what it finds there. No React, React Router or zod reaches this bundle (.dependency-cruiser.cjs).
import { startCompare } from "./compare";
import { startCurrency } from "./currency";
import { startForms } from "./forms";
import { startGallery } from "./gallery";
import { startHeader } from "./header";
import { startImages } from "./images";
import { startQuoteList } from "./quote-list";
import { startQuotePage } from "./quote-page";
import { startShare } from "./share";
import { startToasts } from "./toasts";

for (const start of [
  startToasts,
  startCurrency,
  startHeader,
  startImages,
  startGallery,
  startQuoteList,
  startQuotePage,
  startForms,
  startShare,
  startCompare,
]) {
  // One part failing (an old browser without some API) leaves the page and the other parts working.
  try {
    start();
  } catch (error) {
    console.error(error);
  }
}
// Browser tests wait for this before they click: from here a click runs the page's code, not the browser's default.
document.documentElement.dataset.hydrated = "";
