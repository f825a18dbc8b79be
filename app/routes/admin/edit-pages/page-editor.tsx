import { HistoryLink, HistoryPanel } from "~/components/admin/history-panel";
import { loadHistory } from "~/features/versions/restore.server";
import { Save } from "lucide-react";
import { AdminPageHeader } from "~/components/admin/page-header";
import { Card } from "~/components/admin/card";
import { LocalDraft } from "~/components/admin/local-draft";
import { Field, ImageField, SchemaForm, SubmitButton, TextareaField } from "~/components/forms/index";
import { getAdminUser } from "~/features/auth/guard.server";
import { openedVersionOf } from "~/lib/forms/edit-version";
import {
  loadPageForEdit,
  pageEditVersion,
  savePageContent,
  type EditableSection,
} from "~/features/content/content-admin.server";
import { pageForms } from "~/features/content/content.schema";
import { editorCards, type PageSlug } from "~/features/content/home-content";
import { readFormData } from "~/lib/form-data.server";
import { attempt, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { parseSubmission } from "~/lib/forms/submission";
import { getServices } from "~/services.server";
import type { Route } from "./+types/page-editor";

// One module for /admin/edit-pages/home and /admin/edit-pages/about-us. Paths match without regard to case: a form
// sent to /ADMIN/EDIT-PAGES/ABOUT-US must save the About page, not the home page.
const isAboutPath = (pathname: string) => pathname.toLowerCase().endsWith("/about-us");
const pageOf = (request: Request): PageSlug => (isAboutPath(new URL(request.url).pathname) ? "about-us" : "home");

const TEXTS = {
  home: { title: "Edit Home Page", name: "Home Page", saved: "Home Page Content Saved!", save: "Save" },
  "about-us": {
    title: "Edit About Us Page",
    name: "About Us Page",
    saved: "About Us Content Saved!",
    save: "Save All",
  },
} as const;

export const meta = ({ location }: Route.MetaArgs) => [
  { title: isAboutPath(location.pathname) ? TEXTS["about-us"].title : TEXTS.home.title },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = pageOf(request);
  const { db } = getServices(context);
  return {
    page,
    sections: await loadPageForEdit(db, page),
    history: await loadHistory(db, "page", page),
    version: await pageEditVersion(db, page),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const actor = getAdminUser(context);
  const page = pageOf(request);
  const form = pageForms[page];
  const submission = parseSubmission(await readFormData(request), form.schema);
  if (!submission.ok) return formFailure(submission, form.invalidToast(submission.errors));
  const result = await attempt(
    "page-content",
    () =>
      savePageContent(
        db,
        storage,
        actor,
        page,
        submission.value,
        config.uploadMaxBytes,
        openedVersionOf(submission.values),
      ),
    { ok: false, title: `Error saving ${TEXTS[page].name}`, message: "The page could not be saved. Please try again." },
  );
  if (!result.ok) return refuse(submission, result, result.field || result.version ? undefined : 500);
  getServices(context).changed(...result.changed);
  return redirectWithToast(
    new URL(request.url).pathname,
    successToast(TEXTS[page].saved, "All sections have been updated successfully."),
  );
}

function SectionField({ section }: { section: EditableSection }) {
  const { key: name, label, value } = section;
  if (section.type === "image") return <ImageField name={name} label={label} currentUrl={value || null} />;
  if (section.type === "textarea")
    return <TextareaField name={name} label={label} defaultValue={value} rows={4} placeholder={section.default} />;
  if (section.type === "url")
    return (
      <Field
        name={name}
        label={label}
        defaultValue={value}
        type="url"
        hint="A YouTube, Vimeo or direct .mp4 link; leave empty to show the hero image."
      />
    );
  return <Field name={name} label={label} defaultValue={value} placeholder={section.default} />;
}

export default function PageEditor({ loaderData, actionData }: Route.ComponentProps) {
  const { page, sections } = loaderData;
  const texts = TEXTS[page];
  return (
    <div className="max-w-4xl">
      <AdminPageHeader title={texts.title} back={{ to: "/admin/edit-pages", label: "Back to Edit Pages" }}>
        <HistoryLink entries={loaderData.history} />
      </AdminPageHeader>
      <p className="mb-6 text-sm text-muted">A field left empty shows the built-in text.</p>
      <SchemaForm
        of={pageForms[page]}
        result={actionData}
        version={loaderData.version}
        method="post"
        encType="multipart/form-data"
        className="space-y-6"
      >
        <LocalDraft storageKey={`draft:page:${page}`} />
        {editorCards(page, sections).map((card) => (
          <Card key={card.title}>
            <h2 className="mb-4 text-lg font-semibold text-brand-900">{card.title}</h2>
            <div className="space-y-5">
              {card.sections.map((section) => (
                <SectionField key={section.key} section={section} />
              ))}
            </div>
          </Card>
        ))}
        {/* One Save button (spec §2), kept in view at the bottom of the window on long pages. */}
        <div
          data-sticky-actions
          className="sticky bottom-0 z-10 -mx-1 flex justify-end rounded-t-xl border-t border-slate-200 bg-slate-50/95 px-1 py-3 backdrop-blur-sm"
        >
          <SubmitButton>
            <Save className="size-4" aria-hidden /> {texts.save}
          </SubmitButton>
        </div>
      </SchemaForm>
      <HistoryPanel entries={loaderData.history} restoreAction={`/admin/history/page/${page}/restore`} />
    </div>
  );
}
