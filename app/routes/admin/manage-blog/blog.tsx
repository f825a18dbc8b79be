import { Plus } from "lucide-react";
import { AdminPageHeader } from "~/components/admin/page-header";
import { AdminTable, CARD } from "~/components/admin/admin-table";
import { RowActions } from "~/components/admin/row-actions";
import { StatusBadge } from "~/components/admin/publish-fields";
import { ButtonLink } from "~/components/ui/button";
import { useToastOnChange } from "~/components/ui/toast";
import { getAdminUser } from "~/features/auth/guard.server";
import { deletePost, listPostsForAdmin } from "~/features/blog/blog-admin.server";
import { SiteTime } from "~/components/admin/site-time";
import { loadOr } from "~/lib/web/load-or.server";
import { readFormData } from "~/lib/form-data.server";
import { attempt, errorToast, formFailure, redirectBack, refuse, successToast } from "~/lib/forms/respond.server";
import type { Refusal } from "~/lib/forms/submission";
import { getServices } from "~/services.server";
import type { Route } from "./+types/blog";
import { isPublic } from "~/features/publishing/visibility";
import { postPath } from "~/lib/web/public-paths";

export const meta = () => [{ title: "Manage Blog Posts" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { data: posts, error } = await loadOr(
    getServices(context),
    () => listPostsForAdmin(getServices(context).db),
    [],
    {
      title: "Error",
      description: "Failed to load blog posts.",
    },
  );
  return { posts, error };
}

const DELETE_FAILED: Refusal = {
  ok: false,
  title: "Error Deleting Post",
  message: "The post could not be deleted. Please try again.",
};

export async function action({ request, context }: Route.ActionArgs) {
  const { db, storage } = getServices(context);
  const actor = getAdminUser(context);
  const form = await readFormData(request);
  if (form.get("intent") !== "delete") return formFailure({}, errorToast("Error", "Unknown request."));
  const result = await attempt(
    "blog",
    () => deletePost(db, storage, actor, String(form.get("id") ?? "")),
    DELETE_FAILED,
  );
  if (!result.ok) return refuse({ values: {}, form: "delete" }, result, result === DELETE_FAILED ? 500 : 404);
  getServices(context).changed(...result.changed);
  return redirectBack(request, successToast("Success!", "Blog post deleted."));
}

export default function ManageBlog({ loaderData, actionData }: Route.ComponentProps) {
  const { posts, error } = loaderData;
  useToastOnChange(error ?? actionData?.toast);
  return (
    <div>
      <AdminPageHeader title="Manage Blog Posts" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }}>
        <ButtonLink to="/admin/manage-blog/add">
          <Plus className="size-4" aria-hidden /> Add New Post
        </ButtonLink>
      </AdminPageHeader>
      {error ? (
        <p role="alert" className="mb-4 rounded-md bg-red-50 p-3 text-sm text-red-700">
          {error.description}
        </p>
      ) : null}
      <AdminTable
        count={posts.length}
        empty="No blog posts found."
        cards
        columns={
          <>
            <th className="px-4 py-3">Title</th>
            <th className="px-4 py-3">Status</th>
            <th className="hidden px-4 py-3 sm:table-cell">Author</th>
            <th className="hidden px-4 py-3 md:table-cell">Published At</th>
            <th className="px-4 py-3 text-right">Actions</th>
          </>
        }
      >
        {posts.map((post) => (
          <tr key={post.id} className={CARD.row}>
            <td className={`px-4 py-2 font-medium ${CARD.name}`}>{post.title}</td>
            <td className={`px-4 py-2 ${CARD.status}`}>
              <StatusBadge status={post.status} publishAt={post.publish_at} />
            </td>
            <td className="hidden px-4 py-2 text-muted sm:table-cell">{post.author_name}</td>
            <td className="hidden px-4 py-2 text-muted md:table-cell">
              {post.published_at ? <SiteTime iso={post.published_at} day /> : "—"}
            </td>
            <td className={`px-4 py-2 ${CARD.actions}`}>
              <RowActions
                name={post.title}
                kind="post"
                id={post.id}
                editTo={`/admin/manage-blog/edit/${post.id}`}
                viewHref={isPublic(post) ? postPath(post.slug) : undefined}
              />
            </td>
          </tr>
        ))}
      </AdminTable>
    </div>
  );
}
