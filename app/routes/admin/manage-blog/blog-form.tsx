import { HistoryLink, HistoryPanel } from "~/components/admin/history-panel";
import { loadHistory } from "~/features/versions/restore.server";
import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { AdminPageHeader } from "~/components/admin/page-header";
import { ScheduleField } from "~/components/admin/publish-fields";
import { resolveSchedule, savedText } from "~/features/publishing/schedule.server";
import { Card } from "~/components/admin/card";
import { LocalDraft } from "~/components/admin/local-draft";
import { MarkdownToolbar } from "~/routes/admin/manage-blog/markdown-toolbar";
import {
  Field,
  ImageField,
  NameSlugFields,
  SchemaForm,
  SelectField,
  SubmitButton,
  TextareaField,
} from "~/components/forms/index";
import { getAdminUser } from "~/features/auth/guard.server";
import { authorNameLocked, findPostForEdit, resolveAuthorName, savePost } from "~/features/blog/blog-admin.server";
import { postForm } from "~/features/blog/blog.schema";
import { FormattedText } from "~/features/blog/format";
import { safeImageSrc } from "~/lib/web/safe-url";
import { readFormData } from "~/lib/form-data.server";
import { attempt, errorToast, formFailure, redirectWithToast, refuse, successToast } from "~/lib/forms/respond.server";
import { openedVersionOf } from "~/lib/forms/edit-version";
import { editVersion } from "~/features/history/edit-version.server";
import { parseSubmission } from "~/lib/forms/submission";
import { slugify } from "~/lib/slug";
import { getServices } from "~/services.server";
import type { Route } from "./+types/blog-form";
import { isPublic } from "~/features/publishing/visibility";

// One module for /admin/manage-blog/add and /admin/manage-blog/edit/:postId.
export const meta = ({ params }: Route.MetaArgs) => [{ title: params.postId ? "Edit Blog Post" : "Add New Post" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = getAdminUser(context);
  const { db } = getServices(context);
  const post = params.postId ? await findPostForEdit(db, params.postId) : null;
  if (params.postId && !post) throw redirectWithToast("/admin/manage-blog", errorToast("Blog post not found"));
  return {
    post: post && {
      ...post,
      featured_image_url: safeImageSrc(post.featured_image_url),
      tags: post.tags.join(", "),
      version: await editVersion(db, "blog_post", post.id, post.updated_at),
    },
    authorLocked: authorNameLocked(user, post),
    defaultAuthor: post?.author_name ?? resolveAuthorName(user, null, ""),
    history: post ? await loadHistory(getServices(context).db, "blog_post", post.id) : [],
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const actor = getAdminUser(context);
  const submission = parseSubmission(await readFormData(request), postForm.schema);
  if (!submission.ok) return formFailure(submission, postForm.invalidToast(submission.errors));
  const adding = !params.postId;
  const { publish_at, ...values } = submission.value;
  const schedule = await resolveSchedule(db, getServices(context).now(), {
    status: values.status,
    local: publish_at,
    saved: { table: "blog_posts", id: params.postId },
  });
  if (!schedule.ok)
    return refuse(submission, { ok: false, title: "Schedule", message: schedule.message, field: "publish_at" });
  const result = await attempt(
    "blog",
    () =>
      savePost(
        db,
        storage,
        actor,
        {
          id: params.postId,
          ...values,
          status: schedule.status,
          publishAt: schedule.publishAt,
          opened: openedVersionOf(submission.values),
        },
        config.uploadMaxBytes,
      ),
    {
      ok: false,
      title: adding ? "Error Adding Blog Post" : "Error Updating Blog Post",
      message: "The post could not be saved. Please try again.",
    },
  );
  if (!result.ok) return refuse(submission, result, result.field || result.version ? undefined : 500);
  getServices(context).changed(...result.changed);
  return redirectWithToast(
    "/admin/manage-blog",
    successToast(adding ? "Blog Post Added" : "Blog Post Updated", savedText(submission.value.title, schedule)),
  );
}

// The whole syntax in one line, for those who write without the toolbar (or without JavaScript).
const CONTENT_HINT =
  "A blank line starts a paragraph; **bold**, *italic*, ## Heading, - list, 1. numbered list, > quote, " +
  "[link text](https://…) and ![alt text](/media/…) are honoured.";

const STATUS_OPTIONS = [
  { value: "draft", label: "Draft" },
  { value: "published", label: "Published" },
  { value: "archived", label: "Archived" },
];

export default function BlogForm({ loaderData, actionData }: Route.ComponentProps) {
  const { post, authorLocked, defaultAuthor } = loaderData;
  // The preview and the address warning follow what is typed (what was sent, after a refusal).
  const typed = (name: string, fallback: string) => {
    const value = (actionData as { values?: Record<string, unknown> } | undefined)?.values?.[name];
    return typeof value === "string" ? value : fallback;
  };
  const [title, setTitle] = useState(() => typed("title", post?.title ?? ""));
  const [slug, setSlug] = useState(() => typed("slug", post?.slug ?? ""));
  const [content, setContent] = useState(() => typed("content", post?.content ?? ""));

  return (
    <div className="max-w-5xl">
      <AdminPageHeader
        title={post ? "Edit Blog Post" : "Add New Post"}
        back={{ to: "/admin/manage-blog", label: "Back to Blog Posts" }}
      >
        {post ? <HistoryLink entries={loaderData.history} /> : null}
      </AdminPageHeader>
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <SchemaForm
            of={postForm}
            result={actionData}
            version={post?.version}
            method="post"
            encType="multipart/form-data"
            className="space-y-5"
          >
            <LocalDraft storageKey={`draft:blog:${post?.id ?? "new"}`} />
            <NameSlugFields
              nameField="title"
              nameLabel="Title"
              saved={post && { name: post.title, slug: post.slug }}
              addressPrefix="/blog/"
              className="space-y-5"
              onChange={(fields) => {
                setTitle(fields.name);
                setSlug(fields.slug);
              }}
            />
            {post && isPublic(post) ? <PublishedAddress savedSlug={post.slug} slug={slug} /> : null}
            <div className="grid gap-4 sm:grid-cols-2">
              <SelectField
                name="status"
                label="Status"
                defaultValue={post?.status ?? "draft"}
                options={post ? STATUS_OPTIONS : STATUS_OPTIONS.slice(0, 2)}
              />
              <Field name="author_name" label="Author Name" defaultValue={defaultAuthor} disabled={authorLocked} />
            </div>
            <ScheduleField publishAt={post?.publish_at} />
            <TextareaField
              name="content"
              label="Content"
              rows={14}
              defaultValue={post?.content}
              onChange={(event) => setContent(event.target.value)}
              className="[&_textarea]:font-mono"
              above={<MarkdownToolbar field="content" picturePrompt={post?.featured_image_url} />}
              hint={CONTENT_HINT}
            />
            <TextareaField name="excerpt" label="Excerpt" rows={3} defaultValue={post?.excerpt} />
            <Field
              name="tags"
              label="Tags"
              defaultValue={post?.tags}
              placeholder="Onions, Market Update"
              hint="Separate tags with commas."
            />
            <ImageField name="image" label="Featured Image" currentUrl={post?.featured_image_url ?? null} />
            <div className="pt-2">
              <SubmitButton>{post ? "Update Post" : "Add Post"}</SubmitButton>
            </div>
          </SchemaForm>
        </Card>
        <Card className="self-start lg:sticky lg:top-6">
          <h2 className="mb-3 text-sm font-semibold tracking-wide text-muted uppercase">Preview</h2>
          <h3 className="text-2xl font-bold text-brand-900">{title || "Untitled post"}</h3>
          <div data-testid="preview">
            {content.trim() ? (
              <FormattedText text={content} className="mt-4 space-y-4 leading-relaxed text-slate-800" />
            ) : (
              <p className="mt-4 text-sm text-muted">Start writing the content to see it here as readers will.</p>
            )}
          </div>
        </Card>
      </div>
      {post ? (
        <HistoryPanel entries={loaderData.history} restoreAction={`/admin/history/blog_post/${post.id}/restore`} />
      ) : null}
    </div>
  );
}

/**
 * A published post's address is out in the world; the title rewrites the slug (spec §5), so say what a save would
 * do to it. The old address keeps working (it redirects), but links and shares will show the new one.
 */
function PublishedAddress({ savedSlug, slug }: { savedSlug: string; slug: string }) {
  const next = slugify(slug, 200); // what the server will store
  return (
    <>
      <p className="mt-1 text-xs text-muted">
        Published: its public address is <span className="font-mono">/blog/{savedSlug}</span>
      </p>
      <div role="status">
        {next && next !== savedSlug ? (
          <p className="mt-2 flex gap-2 rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
            <AlertTriangle className="mt-0.5 size-4 shrink-0" aria-hidden />
            <span>
              This post is published. Saving will change its address from{" "}
              <span className="font-mono break-all">/blog/{savedSlug}</span> to{" "}
              <span className="font-mono break-all">/blog/{next}</span>; the old address will redirect to the new one.
            </span>
          </p>
        ) : null}
      </div>
    </>
  );
}
