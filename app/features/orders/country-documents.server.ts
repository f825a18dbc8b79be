import type { Db } from "~/db/database.server";
import { countryCodeOf } from "~/lib/country";
import { DOCUMENT_KINDS, documentKindLabel, type DocumentKind, isDocumentKind } from "./shipping";

/** The documents an importing country asks for (ISO alpha-2), as the administrator keeps them, in the kinds' order. */
export async function documentsAskedFor(db: Db, country: string): Promise<Array<{ kind: DocumentKind; note: string }>> {
  if (!country) return [];
  const rows = await db
    .selectFrom("country_documents")
    .select(["kind", "note"])
    .where("country", "=", country)
    .execute();
  return DOCUMENT_KINDS.flatMap((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return row ? [{ kind, note: row.note }] : [];
  });
}

/**
 * A shipment's checklist for its destination (the order's buyer country): each document the country asks for,
 * ticked by a document of that kind in the shipment's set, made or uploaded.
 */
export async function shipmentChecklist(db: Db, buyerCountry: string | null, kindsPresent: ReadonlySet<string>) {
  const country = countryCodeOf(buyerCountry);
  const asked = await documentsAskedFor(db, country);
  return {
    country,
    items: asked.map(({ kind, note }) => ({
      kind,
      label: documentKindLabel(kind),
      note,
      done: kindsPresent.has(kind),
    })),
  };
}

/** Every country's list, by country. */
export async function listCountryDocuments(db: Db) {
  const rows = await db.selectFrom("country_documents").selectAll().orderBy("country").orderBy("kind").execute();
  const byCountry = new Map<string, Array<{ kind: string; note: string }>>();
  for (const row of rows) byCountry.set(row.country, [...(byCountry.get(row.country) ?? []), row]);
  return byCountry;
}

/** A country's whole list replaced at once (the kinds ticked, each with its note); none ticked removes it. */
export async function saveCountryDocuments(
  db: Db,
  country: string,
  items: ReadonlyArray<{ kind: string; note: string }>,
  now: number,
) {
  const at = new Date(now).toISOString();
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom("country_documents").where("country", "=", country).execute();
    const rows = items
      .filter((item) => isDocumentKind(item.kind))
      .map((item) => ({ country, kind: item.kind, note: item.note, updated_at: at }));
    if (rows.length) await trx.insertInto("country_documents").values(rows).execute();
  });
}
