import { ImageOff, Trash2 } from "lucide-react";
import { Form, Link, useSearchParams } from "react-router";
import { confirmDelete, DeleteButton } from "~/components/admin/delete-form";
import { Pagination } from "~/components/admin/list-controls";
import { AdminPageHeader } from "~/components/admin/page-header";
import { PictureUploader } from "~/routes/admin/media/picture-uploader";
import { SubmitButton } from "~/components/forms/index";
import { inputClass } from "~/components/forms/fields";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import { ALT_TEXT_MAX, LIBRARY_PAGE_SIZE, UPLOAD_MAX_FILES } from "~/features/media/media-library";
import {
  assignPicture,
  deleteUnusedPicture,
  listLibrary,
  saveAltText,
  uploadPictures,
  type LibraryPicture,
} from "~/features/media/media-library.server";
import { picturesFromForm, uploadSummary } from "~/features/media/upload-form.server";
import { picture } from "~/features/images/images.server";
import { readFormData } from "~/lib/form-data.server";
import {
  attempt,
  errorToast,
  formFailure,
  redirectBack,
  redirectWithToast,
  refuse,
  successToast,
} from "~/lib/forms/respond.server";
import type { FormFailure, Refusal } from "~/lib/forms/submission";
import { pageTag } from "~/lib/web/page-tags";
import { getServices } from "~/services.server";
import type { Route } from "./+types/media";

// The Media Library (issue 29): every stored picture with its size and where it is used, 'Upload Pictures' (many at
// once), 'Alt Text' per picture (used on every public page and in the JSON-LD), a picture given to a product, and the
// unused ones deleted. A picture still used, or needed by a kept version, is never deleted.
export const meta = () => [{ title: "Media Library" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, storage, config } = getServices(context);
  const url = new URL(request.url);
  const filter = url.searchParams.get("show") === "unused" ? "unused" : "all";
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const library = await listLibrary(db, storage, { filter, page });
  const assigning = url.searchParams.get("assign");
  const products = assigning ? await db.selectFrom("products").select(["id", "name"]).orderBy("name").execute() : [];
  // The 400 px copy as the card's picture (a stored original may be 2560 px wide).
  const pictures = library.pictures.map((p) => ({
    ...p,
    thumb: picture(storage, p.url)?.srcSet?.split(" ")[0] ?? p.url,
  }));
  return {
    ...library,
    filter,
    pictures,
    assign: pictures.find((p) => p.id === assigning) ?? null,
    products,
    limits: {
      maxBytes: config.uploadMaxBytes,
      maxFiles: UPLOAD_MAX_FILES,
      requestMaxBytes: config.adminRequestMaxBytes,
    },
  };
}

const FAILED: Refusal = { ok: false, title: "Error", message: "The change could not be saved. Please try again." };

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, config, changed } = getServices(context);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  const id = String(form.get("id") ?? "");
  switch (form.get("intent")) {
    case "upload": {
      // Without JavaScript: the chosen pictures in one request (with it, picture-uploader sends them in batches).
      changed(pageTag.none);
      const files = picturesFromForm(form);
      if (!files.ok) return formFailure({ form: "upload" }, errorToast("No Pictures Uploaded", files.message));
      const outcomes = await uploadPictures(db, storage, actor, files.files, config.uploadMaxBytes);
      const summary = uploadSummary(outcomes);
      return summary.refused
        ? formFailure({ form: "upload" }, errorToast("Some Pictures Not Uploaded", summary.text), 400, {
            extra: { outcomes },
          })
        : redirectBack(request, successToast("Pictures Uploaded!", summary.text));
    }
    case "alt": {
      // No page names a picture, so an alt text change drops every cached page (it may be shown on any of them).
      const result = await attempt(
        "media",
        () => saveAltText(db, actor, id, String(form.get("alt_text") ?? "")),
        FAILED,
      );
      if (!result.ok)
        return refuse({ values: { alt_text: String(form.get("alt_text") ?? ""), id }, form: `alt:${id}` }, result);
      return redirectBack(request, successToast("Alt Text Saved!", `The picture ${result.name} is described.`));
    }
    case "assign": {
      const role = form.get("role") === "gallery" ? "gallery" : "main";
      const productId = String(form.get("product_id") ?? "");
      const result = await attempt("media", () => assignPicture(db, storage, actor, { id, productId, role }), FAILED);
      if (!result.ok) {
        changed(pageTag.none);
        return refuse({ values: { product_id: productId, role }, form: "assign" }, result);
      }
      changed(...result.changed);
      const url = new URL(request.url);
      url.searchParams.delete("assign");
      return redirectWithToast(
        `${url.pathname}${url.search}`,
        successToast(
          "Picture Assigned!",
          `${result.product} now has it as its ${role === "main" ? "main picture" : "last gallery image"}.`,
        ),
      );
    }
    case "delete": {
      changed(pageTag.none);
      const result = await attempt("media", () => deleteUnusedPicture(db, storage, actor, id), FAILED);
      if (!result.ok) return refuse({ values: {}, form: "delete" }, result, result === FAILED ? 500 : 409);
      return redirectBack(request, successToast("Picture Deleted!", `${result.name} was removed from the library.`));
    }
    default:
      changed(pageTag.none);
      return formFailure({}, errorToast("Error", "Unknown request."));
  }
}

const kb = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${kb.format(Math.max(1, bytes / 1024))} KB`;

export default function MediaLibrary({ loaderData, actionData }: Route.ComponentProps) {
  const { pictures, total, unused, shownTotal, page, filter, assign, products, limits, waiting } = loaderData;
  const failure = actionData as (FormFailure & { outcomes?: Array<{ file: string; message?: string }> }) | undefined;
  useToastOnChange(failure?.toast);
  const [params] = useSearchParams();
  const tab = (active: boolean) =>
    `rounded-full px-3 py-1.5 text-sm font-medium ring-1 ${active ? "bg-brand-700 text-white ring-brand-700" : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50"}`;
  const withParams = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    const query = next.toString();
    return query ? `?${query}` : "?";
  };

  return (
    <div className="space-y-6">
      <AdminPageHeader title="Media Library" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <PictureUploader {...limits} />
      {failure?.outcomes?.length ? (
        <ul className="space-y-1 text-sm text-red-700" aria-label="Pictures not uploaded">
          {failure.outcomes
            .filter((o) => o.message)
            .map((o, i) => (
              <li key={`${o.file}-${i}`}>
                <span className="font-medium break-all">{o.file}</span>: {o.message}
              </li>
            ))}
        </ul>
      ) : null}
      {assign ? <AssignPanel picture={assign} products={products} close={withParams({ assign: null })} /> : null}
      <nav aria-label="Show" className="flex flex-wrap gap-2">
        <Link to={withParams({ show: null, page: null })} className={tab(filter === "all")}>
          {`All pictures (${total})`}
        </Link>
        <Link to={withParams({ show: "unused", page: null })} className={tab(filter === "unused")}>
          {`Unused (${unused})`}
        </Link>
      </nav>
      {waiting ? (
        <p className="text-sm text-muted" role="status">
          {`${waiting} older pictures are still being added to the library: reload the page to see them.`}
        </p>
      ) : null}
      {pictures.length === 0 ? (
        <div className="rounded-xl bg-white p-10 text-center text-muted ring-1 ring-slate-200">
          <ImageOff className="mx-auto size-10" aria-hidden />
          <p className="mt-2">
            {filter === "unused" ? "Every picture in the library is in use." : "No pictures yet. Upload some above."}
          </p>
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Pictures">
          {pictures.map((p) => (
            <PictureCard key={p.id} picture={p} assignHref={withParams({ assign: p.id })} failure={failure} />
          ))}
        </ul>
      )}
      <Pagination page={page} total={shownTotal} pageSize={LIBRARY_PAGE_SIZE} />
    </div>
  );
}

function PictureCard({
  picture: p,
  assignHref,
  failure,
}: {
  picture: LibraryPicture & { thumb: string };
  assignHref: string;
  failure?: FormFailure;
}) {
  const refused = failure?.form === `alt:${p.id}`;
  const altValue = refused ? String(failure.values.alt_text ?? "") : p.altText;
  const altError = refused ? failure.toast?.description : undefined;
  return (
    <li className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="media-card">
      <img
        src={p.thumb}
        alt={p.altText}
        width={400}
        height={300}
        loading="lazy"
        className="aspect-[4/3] w-full bg-slate-100 object-contain"
      />
      <div className="space-y-3 p-4">
        <div>
          <p className="font-medium break-all text-slate-900">{p.name}</p>
          <p className="text-xs text-muted">{`${sizeText(p.byteSize)} · ${p.width}×${p.height} px`}</p>
        </div>
        <div>
          <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">Used by</h3>
          {p.uses.length ? (
            <ul className="mt-1 space-y-0.5 text-sm">
              {p.uses.map((use, i) => (
                <li key={`${use.kind}-${use.label}-${i}`} className="break-words">
                  {use.href ? (
                    <Link to={use.href} className="text-brand-800 underline-offset-2 hover:underline">
                      {use.label}
                    </Link>
                  ) : (
                    <span className="text-slate-600">{use.label}</span>
                  )}
                </li>
              ))}
            </ul>
          ) : (
            <p className="mt-1 text-sm text-slate-600">Not used anywhere</p>
          )}
        </div>
        <Form method="post" className="space-y-1">
          <input type="hidden" name="intent" value="alt" />
          <input type="hidden" name="id" value={p.id} />
          <label htmlFor={`alt-${p.id}`} className="block text-sm font-medium text-slate-700">
            Alt Text
          </label>
          <div className="flex gap-2">
            <input
              id={`alt-${p.id}`}
              name="alt_text"
              defaultValue={altValue}
              key={altValue}
              maxLength={ALT_TEXT_MAX}
              placeholder="What the picture shows"
              aria-invalid={altError ? true : undefined}
              aria-describedby={altError ? `alt-${p.id}-error` : undefined}
              className={`${inputClass} min-w-0 flex-1`}
            />
            <SubmitButton variant="outline" name="intent" value="alt" aria-label={`Save Alt Text of ${p.name}`}>
              Save
            </SubmitButton>
          </div>
          {altError ? (
            <p id={`alt-${p.id}-error`} className="text-sm text-red-700">
              {altError}
            </p>
          ) : null}
        </Form>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <Link
            to={assignHref}
            className="text-sm font-medium text-brand-800 underline underline-offset-2"
            aria-label={`Assign to a product: ${p.name}`}
          >
            Assign to a product
          </Link>
          {p.uses.length === 0 ? (
            <Form method="post" onSubmit={confirmDelete(p.name)}>
              <input type="hidden" name="intent" value="delete" />
              <input type="hidden" name="id" value={p.id} />
              <DeleteButton label={`Delete ${p.name}`}>
                <Trash2 className="size-4" aria-hidden />
              </DeleteButton>
            </Form>
          ) : null}
        </div>
      </div>
    </li>
  );
}

function AssignPanel({
  picture: p,
  products,
  close,
}: {
  picture: LibraryPicture & { thumb: string };
  products: Array<{ id: string; name: string }>;
  close: string;
}) {
  return (
    <section
      aria-labelledby="assign-title"
      className="flex flex-col gap-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-brand-300 sm:flex-row"
    >
      <img src={p.thumb} alt={p.altText} className="aspect-[4/3] w-full rounded object-cover sm:w-48" />
      <Form method="post" className="flex-1 space-y-3">
        <h2 id="assign-title" className="text-lg font-semibold text-brand-900">
          Assign {p.name} to a product
        </h2>
        <input type="hidden" name="intent" value="assign" />
        <input type="hidden" name="id" value={p.id} />
        <div>
          <label htmlFor="product_id" className="block text-sm font-medium text-slate-700">
            Product
          </label>
          <select id="product_id" name="product_id" required className={inputClass} defaultValue="">
            <option value="">Choose a product</option>
            {products.map((product) => (
              <option key={product.id} value={product.id}>
                {product.name}
              </option>
            ))}
          </select>
        </div>
        <fieldset>
          <legend className="text-sm font-medium text-slate-700">As its</legend>
          <label className="me-4 inline-flex items-center gap-2 text-sm">
            <input type="radio" name="role" value="main" defaultChecked className="accent-brand-700" /> Main picture
          </label>
          <label className="inline-flex items-center gap-2 text-sm">
            <input type="radio" name="role" value="gallery" className="accent-brand-700" /> Gallery image
          </label>
        </fieldset>
        <div className="flex flex-wrap gap-2">
          <SubmitButton>Assign</SubmitButton>
          <Link to={close} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
