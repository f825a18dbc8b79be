import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { containerForm } from "../support/shipment-forms";
import { createTestApp, signedInAs } from "../support/test-app";
import { createTestDatabase, engineName, insertQuote, type TestDatabase } from "../support/test-db";

// A shipment through the real server (issue 44): added from its order, containers per order line, a certificate
// uploaded and kept private (never under /media, only through the desk's guarded address), a forged file refused,
// and a shipment never reached through another order's address.
let t: TestDatabase;
let app: Awaited<ReturnType<typeof createTestApp>>;
let cookie: string;

beforeAll(async () => {
  t = await createTestDatabase();
  app = await createTestApp(t.db, t.dataDir);
  ({ cookie } = await signedInAs(t.db, "admin"));
});
afterAll(async () => t?.cleanup());

async function orderPath(number: string) {
  const quote = await insertQuote(t.db, { number, status: "accepted", named_port: "Chittagong" }, [
    { product_name: "Nashik Red Onion", quantity: "29", unit: "MT", unit_price_minor: 38_500 },
  ]);
  const created = await app.request(`/admin/quotes/${quote}`, { cookie, form: { intent: "create-order" } });
  return created.headers.get("Location")!;
}

const upload = (path: string, bytes: Uint8Array, values: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries({
    intent: "upload",
    kind: "phytosanitary",
    document_number: "PSC/118",
    issued_on: "2026-11-28",
    gross_kg: "29,600",
    ...values,
  }))
    form.append(name, value);
  form.append("file", new File([new Uint8Array(bytes)], "phyto.pdf", { type: "application/pdf" }));
  return app.request(path, { cookie, multipart: form });
};

describe(`shipments through the server on ${engineName}`, () => {
  it("adds a shipment and its container, keeps an uploaded certificate private, and flags its weight", async () => {
    const order = await orderPath("Q-2026-0201");
    const added = await app.request(order, { cookie, form: { intent: "add-shipment" } });
    expect(added.status).toBe(302);
    const shipment = added.headers.get("Location")!;
    expect(shipment).toMatch(/^\/admin\/orders\/[\w-]+\/shipments\/[\w-]+$/);
    const lineId = (await t.db.selectFrom("order_lines").select("id").executeTakeFirstOrThrow()).id;

    const container = containerForm(lineId);
    const wrongDigit = await app.request(shipment, { cookie, form: { ...container, number: "MSKU1234566" } });
    expect(wrongDigit.status).toBe(400);
    const refused = await wrongDigit.text();
    expect(refused).toContain("check digit");
    // The page the server answers (no JavaScript) keeps what was typed in the product's row.
    for (const typed of ['value="1160"', 'value="25 kg mesh bags"', 'value="29000"', 'value="29580"'])
      expect(refused, typed).toContain(typed);
    expect((await app.request(shipment, { cookie, form: container })).status).toBe(302);

    // A file that only says it is a PDF is refused; a real one is stored, under no public address.
    const forged = await upload(shipment, new TextEncoder().encode("<script>alert(1)</script>"));
    expect(forged.status).toBe(400);
    expect(await forged.text()).toContain("The file is not a PDF, JPEG or PNG.");
    const pdf = new TextEncoder().encode("%PDF-1.4\n% certificate\n%%EOF\n");
    expect((await upload(shipment, pdf)).status).toBe(302);
    const document = await t.db.selectFrom("shipment_documents").selectAll().executeTakeFirstOrThrow();
    expect((await app.request(`/media/application-assets/${document.file_path}`)).status).toBe(404);
    const download = await app.request(`${shipment}/documents/${document.id}`, { cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("application/pdf");
    expect(download.headers.get("cache-control")).toBe("no-store");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);

    // The page lists the difference in words, and offers to accept it.
    const html = await (await app.request(shipment, { cookie })).text();
    expect(html).toContain("Gross weight 29,600 kg, but the containers add up to 29,580 kg.");
    expect(html).toContain("Accept Differences");

    // Another order's address does not reach this shipment or its document.
    const other = await orderPath("Q-2026-0202");
    const foreign = shipment.replace(/^\/admin\/orders\/[\w-]+/, other);
    expect((await app.request(foreign, { cookie })).status).toBe(404);
    expect((await app.request(`${foreign}/documents/${document.id}`, { cookie })).status).toBe(404);
  });
});
