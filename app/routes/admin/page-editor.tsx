import { Save } from "lucide-react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ImageField } from "~/components/forms";
import { AdminPageHeader, Card, FieldLabel, inputClass } from "~/components/admin/ui";
import { useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { flashCookie } from "~/features/admin/flash.server";
import { loadPageForEdit, readPageSubmission, savePageContent } from "~/features/content/content-admin.server";
import { editorCards, type PageSlug } from "~/features/content/home-content";
import { readFormData } from "~/lib/form-data.server";
import { getServices } from "~/services.server";
import type { Route } from "./+types/page-editor";

// One module for /admin/edit-pages/home and /admin/edit-pages/about-us.
const pageOf = (request: Request): PageSlug =>
  new URL(request.url).pathname.endsWith("/about-us") ? "about-us" : "home";

const TEXTS = {
  home: {
    title: "Edit Home Page",
    saved: "Home Page Content Saved!",
    save: "Save",
    loadError: "Error fetching Home Page content",
  },
  "about-us": {
    title: "Edit About Us Page",
    saved: "About Us Content Saved!",
    save: "Save All",
    loadError: "Error fetching About Us content",
  },
} as const;

export const meta = ({ location }: Route.MetaArgs) => [
  { title: location.pathname.endsWith("/about-us") ? TEXTS["about-us"].title : TEXTS.home.title },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(request);
  return { page, sections: await loadPageForEdit(getServices(context).db, page) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const page = pageOf(request);
  const form = await readFormData(request);
  const submission = readPageSubmission(page, form);
  const result = await savePageContent(db, storage, page, submission, config.uploadMaxBytes);
  if (!result.ok) {
    const toast: ToastInput = { title: result.title, description: result.message, variant: "destructive" };
    return data({ toast, values: Object.fromEntries(submission.texts), key: result.key }, { status: 400 });
  }
  throw redirect(new URL(request.url).pathname, {
    headers: {
      "Set-Cookie": flashCookie({
        title: TEXTS[page].saved,
        description: "All sections have been updated successfully.",
        variant: "success",
      }),
    },
  });
}

export default function PageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page, sections } = loaderData;
  const texts = TEXTS[page];
  const busy = useNavigation().state !== "idle";
  useToastOnChange(actionData?.toast);
  const typed: Record<string, string> = actionData?.values ?? {};
  const saveButton = (
    <button
      type="submit"
      form="page-form"
      disabled={busy}
      className="inline-flex items-center gap-2 rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
    >
      <Save className="size-4" aria-hidden /> {busy ? "Saving..." : texts.save}
    </button>
  );

  return (
    <div className="max-w-4xl">
      <AdminPageHeader title={texts.title} back={{ to: "/admin/edit-pages", label: "Back to Edit Pages" }}>
        {saveButton}
      </AdminPageHeader>
      <p className="mb-6 text-sm text-muted">A field left empty shows the built-in text.</p>
      <Form id="page-form" method="post" encType="multipart/form-data" className="space-y-6">
        {editorCards(page, sections).map((card) => (
          <Card key={card.title}>
            <h2 className="mb-4 text-lg font-semibold text-brand-900">{card.title}</h2>
            <div className="space-y-5">
              {card.sections.map((section) => {
                const invalid = actionData?.key === section.key;
                if (section.type === "image") {
                  return (
                    <div key={section.key}>
                      <ImageField name={section.key} label={section.label} currentUrl={section.value || null} />
                    </div>
                  );
                }
                const common = {
                  id: section.key,
                  name: section.key,
                  defaultValue: typed[section.key] ?? section.value,
                  placeholder: section.default,
                  "aria-invalid": invalid || undefined,
                  className: `${inputClass} aria-[invalid=true]:border-red-500`,
                };
                return (
                  <div key={section.key}>
                    <FieldLabel htmlFor={section.key}>{section.label}</FieldLabel>
                    {section.type === "textarea" ? (
                      <textarea rows={4} maxLength={5000} {...common} />
                    ) : (
                      <input
                        type={section.type === "url" ? "url" : "text"}
                        maxLength={section.type === "url" ? 2000 : 300}
                        {...common}
                      />
                    )}
                    {section.type === "url" ? (
                      <p className="mt-1 text-xs text-muted">
                        A YouTube, Vimeo or direct .mp4 link; leave empty to show the hero image.
                      </p>
                    ) : null}
                  </div>
                );
              })}
            </div>
          </Card>
        ))}
      </Form>
      <div className="mt-6 flex justify-end">{saveButton}</div>
    </div>
  );
}
