import type { Kysely, Migration } from "kysely";

// Frozen once landed: change the schema with a new migration, never by editing this one.
export const photoJobPictures: Migration = {
  async up(db: Kysely<any>) {
    // Each picture a photo ZIP job stored or found by hash, written as it is stored (issue 38): a pending job's
    // pictures count as in use, so another job's Cancel keeps them; a job cut off removes those it made.
    await db.schema
      .createTable("photo_job_pictures")
      .addColumn("job_id", "text", (c) => c.notNull())
      .addColumn("storage_key", "text", (c) => c.notNull())
      // 1: this job is the one to remove it if nothing uses it when the job ends unimported.
      .addColumn("created", "integer", (c) => c.notNull())
      .addPrimaryKeyConstraint("photo_job_pictures_pk", ["job_id", "storage_key"])
      .execute();
    await db.schema.createIndex("photo_job_pictures_key_idx").on("photo_job_pictures").column("storage_key").execute();
  },
  async down(db: Kysely<any>) {
    await db.schema.dropTable("photo_job_pictures").execute();
  },
};
