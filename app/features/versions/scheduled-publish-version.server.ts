import type { Db } from "~/db/database.server";
import { POST_ENTITY } from "~/features/blog/post-entity";
import { recordProductVersion } from "~/features/catalogue/product-admin.server";
import { recordRowVersion } from "~/features/history/row-versions.server";

const SUMMARY = "Published as scheduled";

/** A scheduled publish as a version of the item, by the system (ADR 0033's timer calls it in its transaction). */
export async function recordScheduledPublish(trx: Db, entity: "product" | "blog_post", id: string, at: string) {
  if (entity === "product") return recordProductVersion(trx, null, id, "publish", { summary: SUMMARY, at });
  return recordRowVersion(trx, null, POST_ENTITY, id, "publish", { summary: SUMMARY, at });
}
