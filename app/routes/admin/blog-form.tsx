import { AlertTriangle } from "lucide-react";
import { useState } from "react";
import { data, Form, redirect, useNavigation } from "react-router";
import { ImageField } from "~/components/forms";
import { AdminPageHeader, Card, FieldLabel, inputClass } from "~/components/admin/ui";
import { useToastOnChange, type ToastInput } from "~/components/ui/toast";
import { flashCookie } from "~/features/admin/flash.server";
import { getAdminUser } from "~/features/auth/guard.server";
import { authorNameLocked, findPostForEdit, resolveAuthorName, savePost } from "~/features/blog/blog-admin.server";
import { FormattedText } from "~/features/blog/format";
import { imageFieldValue } from "~/features/media/upload.server";
import { safeImageSrc } from "~/features/settings/settings.schema";
import { readFormData } from "~/lib/form-data.server";
import { slugify } from "~/lib/slug";
import { getServices } from "~/services.server";
import type { Route } from "./+types/blog-form";

// One module for /admin/manage-blog/add and /admin/manage-blog/edit/:postId.
export const meta = ({ params }: Route.MetaArgs) => [{ title: params.postId ? "Edit Blog Post" : "Add New Post" }];

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = getAdminUser(context);
  const post = params.postId ? await findPostForEdit(getServices(context).db, params.postId) : null;
  if (params.postId && !post)
    throw redirect("/admin/manage-blog", {
      headers: { "Set-Cookie": flashCookie({ title: "Blog post not found", variant: "destructive" }) },
    });
  return {
    post: post && { ...post, featured_image_url: safeImageSrc(post.featured_image_url), tags: post.tags.join(", ") },
    authorLocked: authorNameLocked(user, post),
    defaultAuthor: post?.author_name ?? resolveAuthorName(user, null, ""),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, storage, config } = getServices(context);
  const user = getAdminUser(context);
  const form = await readFormData(request);
  const text = (name: string) => String(form.get(name) ?? "");
  const values = {
    title: text("title"),
    slug: text("slug"),
    content: text("content"),
    excerpt: text("excerpt"),
    tags: text("tags"),
    status: text("status"),
    authorName: text("author_name"),
  };
  const result = await savePost(
    db,
    storage,
    user,
    { id: params.postId, ...values, ...imageFieldValue(form, "image") },
    config.uploadMaxBytes,
  );
  if (!result.ok)
    return data(
      { toast: { title: result.title, description: result.message, variant: "destructive" } as ToastInput, values },
      { status: 400 },
    );
  const title = params.postId ? "Blog Post Updated" : "Blog Post Added";
  throw redirect("/admin/manage-blog", {
    headers: {
      "Set-Cookie": flashCookie({ title, description: `"${values.title.trim()}" has been saved.`, variant: "success" }),
    },
  });
}

export default function BlogForm({ loaderData, actionData }: Route.ComponentProps) {
  const { post, authorLocked, defaultAuthor } = loaderData;
  const saving = useNavigation().state === "submitting";
  useToastOnChange(actionData?.toast);
  const initial = actionData?.values ?? {
    title: post?.title ?? "",
    slug: post?.slug ?? "",
    content: post?.content ?? "",
    excerpt: post?.excerpt ?? "",
    tags: post?.tags ?? "",
    status: post?.status ?? "draft",
    authorName: defaultAuthor,
  };
  const [title, setTitle] = useState(initial.title);
  const [slug, setSlug] = useState(initial.slug);
  const [content, setContent] = useState(initial.content);

  return (
    <div className="max-w-5xl">
      <AdminPageHeader
        title={post ? "Edit Blog Post" : "Add New Post"}
        back={{ to: "/admin/manage-blog", label: "Back to Blog Posts" }}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <Form method="post" encType="multipart/form-data" className="space-y-5">
            <div>
              <FieldLabel htmlFor="title" required>
                Title
              </FieldLabel>
              {/* Spec §5: the slug is derived from the title whenever the title changes. */}
              <input
                id="title"
                name="title"
                value={title}
                maxLength={200}
                onChange={(e) => {
                  setTitle(e.target.value);
                  setSlug(slugify(e.target.value));
                }}
                className={inputClass}
              />
            </div>
            <div>
              <FieldLabel htmlFor="slug" required>
                Slug
              </FieldLabel>
              <input
                id="slug"
                name="slug"
                value={slug}
                maxLength={200}
                onChange={(e) => setSlug(e.target.value)}
                className={`${inputClass} font-mono`}
              />
              {post?.status === "published" ? <PublishedAddress savedSlug={post.slug} slug={slug} /> : null}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div>
                <FieldLabel htmlFor="status">Status</FieldLabel>
                <select id="status" name="status" defaultValue={initial.status} className={inputClass}>
                  <option value="draft">Draft</option>
                  <option value="published">Published</option>
                  {post ? <option value="archived">Archived</option> : null}
                </select>
              </div>
              <div>
                <FieldLabel htmlFor="author_name">Author Name</FieldLabel>
                <input
                  id="author_name"
                  name="author_name"
                  defaultValue={initial.authorName}
                  disabled={authorLocked}
                  maxLength={120}
                  className={inputClass}
                />
              </div>
            </div>
            <div>
              <FieldLabel htmlFor="content" required>
                Content
              </FieldLabel>
              <textarea
                id="content"
                name="content"
                rows={14}
                value={content}
                onChange={(e) => setContent(e.target.value)}
                maxLength={100_000}
                className={`${inputClass} font-mono`}
              />
              <p className="mt-1 text-xs text-muted">
                A blank line starts a paragraph; **bold** and *italic* are honoured.
              </p>
            </div>
            <div>
              <FieldLabel htmlFor="excerpt">Excerpt</FieldLabel>
              <textarea
                id="excerpt"
                name="excerpt"
                rows={3}
                defaultValue={initial.excerpt}
                maxLength={500}
                className={inputClass}
              />
            </div>
            <div>
              <FieldLabel htmlFor="tags">Tags</FieldLabel>
              <input
                id="tags"
                name="tags"
                defaultValue={initial.tags}
                placeholder="Onions, Market Update"
                maxLength={1000}
                className={inputClass}
              />
              <p className="mt-1 text-xs text-muted">Separate tags with commas.</p>
            </div>
            <ImageField name="image" label="Featured Image" currentUrl={post?.featured_image_url ?? null} />
            <button
              type="submit"
              disabled={saving}
              className="rounded-md bg-brand-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
            >
              {saving ? "Saving..." : post ? "Update Post" : "Add Post"}
            </button>
          </Form>
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
