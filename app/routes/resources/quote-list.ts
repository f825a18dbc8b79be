import { isLanguageEnabled } from "~/features/i18n/enabled-languages.server";
import { applyQuoteListForm } from "~/features/request-quote/quote-list.server";
import { readFormData } from "~/lib/form-data.server";
import { languageOfPath } from "~/lib/i18n/languages";
import { getServices } from "~/services.server";
import type { Route } from "./+types/quote-list";

/** One visitor's list: never kept by a browser's or a shared cache. */
const PRIVATE = { "Cache-Control": "private, no-store" };

/**
 * 'Add to Quote' and Remove sent by the public pages' script (app/island), answered with JSON: the same change as the
 * quote page's form without JavaScript (its cookie, its demand count), behind the server's origin check and body
 * limit (server/app.ts); the toast to show and the list as it now is, instead of a redirect with a flash. Under the
 * page's language prefix, as the form's own address (`/ar/request-quote/list`): the toast's language and the demand's
 * country of language come from it; a language not enabled has none, as it has no pages.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = getServices(context);
  if (!(await isLanguageEnabled(services.db, languageOfPath(new URL(request.url).pathname))))
    return Response.json({ error: "Not Found" }, { status: 404, headers: PRIVATE });
  const listed = await applyQuoteListForm(services, request, await readFormData(request));
  if (!listed) return Response.json({ error: "intent must be add or remove" }, { status: 400, headers: PRIVATE });
  const { change, headers } = listed;
  for (const [name, value] of Object.entries(PRIVATE)) headers.set(name, value);
  return Response.json({ toast: change.toast, ids: change.ids }, { headers });
}

/** Nothing to read here: the address only takes posts. */
export function loader() {
  return new Response("Not Found", { status: 404, headers: { "Cache-Control": "no-store" } });
}
