import fs from "node:fs";
import path from "node:path";
import { describe, expect, expectTypeOf, it } from "vitest";
import type * as blog from "~/features/blog/blog-admin.server";
import type * as categories from "~/features/catalogue/category-admin.server";
import type * as csvDrafts from "~/features/catalogue/csv/drafts.server";
import type * as csv from "~/features/catalogue/csv/write.server";
import type * as products from "~/features/catalogue/product-admin.server";
import type * as content from "~/features/content/content-admin.server";
import type * as rates from "~/features/currency/rates.server";
import type * as inquiries from "~/features/inquiries/pipeline.server";
import type * as redirects from "~/features/redirects/redirects.server";
import type * as synonyms from "~/features/search/synonyms-admin.server";
import type * as settings from "~/features/settings/settings-admin.server";
import type * as sorted from "~/features/sorted-image-items/sorted-image-items.server";
import type * as translationEditor from "~/features/translations/editor.server";
import type * as translationImport from "~/features/translations/exchange/import.server";
import type * as translations from "~/features/translations/store.server";
import type * as users from "~/features/accounts/users-admin.server";
import type { Actor } from "~/lib/actor";

/**
 * The seam for the change history: every function that writes on behalf of an administrator takes the acting user
 * (an `Actor`), and the pages that call them pass the signed-in administrator the admin guard found.
 */
interface AdminWrites {
  saveCategory: typeof categories.saveCategory;
  deleteCategory: typeof categories.deleteCategory;
  saveProduct: typeof products.saveProduct;
  deleteProduct: typeof products.deleteProduct;
  previewCsvUpload: typeof csvDrafts.previewCsvUpload;
  importDraft: typeof csvDrafts.importDraft;
  writeImportPlan: typeof csv.writeImportPlan;
  applyImport: typeof csv.applyImport;
  saveSortedItem: typeof sorted.saveSortedItem;
  moveSortedItem: typeof sorted.moveSortedItem;
  deleteSortedItem: typeof sorted.deleteSortedItem;
  savePost: typeof blog.savePost;
  deletePost: typeof blog.deletePost;
  savePageContent: typeof content.savePageContent;
  saveSettings: typeof settings.saveSettings;
  addSetting: typeof settings.addSetting;
  deleteSetting: typeof settings.deleteSetting;
  recordMove: typeof redirects.recordMove;
  changeRole: typeof users.changeRole;
  setInquiryStatus: typeof inquiries.setInquiryStatus;
  assignInquiry: typeof inquiries.assignInquiry;
  addInquiryNote: typeof inquiries.addInquiryNote;
  deleteInquiry: typeof inquiries.deleteInquiry;
  writeTranslations: typeof translations.writeTranslations;
  saveItemTranslations: typeof translationEditor.saveItemTranslations;
  previewTranslationImport: typeof translationImport.previewTranslationImport;
  importTranslationFile: typeof translationImport.importTranslationFile;
  addSynonymGroup: typeof synonyms.addSynonymGroup;
  updateSynonymGroup: typeof synonyms.updateSynonymGroup;
  deleteSynonymGroup: typeof synonyms.deleteSynonymGroup;
  saveExchangeRate: typeof rates.saveExchangeRate;
  deleteExchangeRate: typeof rates.deleteExchangeRate;
  saveMaxRateAge: typeof rates.saveMaxRateAge;
}

const ADMIN_WRITES: Array<keyof AdminWrites> = [
  "saveCategory",
  "deleteCategory",
  "saveProduct",
  "deleteProduct",
  "previewCsvUpload",
  "importDraft",
  "writeImportPlan",
  "applyImport",
  "saveSortedItem",
  "moveSortedItem",
  "deleteSortedItem",
  "savePost",
  "deletePost",
  "savePageContent",
  "saveSettings",
  "addSetting",
  "deleteSetting",
  "recordMove",
  "changeRole",
  "setInquiryStatus",
  "assignInquiry",
  "addInquiryNote",
  "deleteInquiry",
  "writeTranslations",
  "saveItemTranslations",
  "previewTranslationImport",
  "importTranslationFile",
  "addSynonymGroup",
  "updateSynonymGroup",
  "deleteSynonymGroup",
  "saveExchangeRate",
  "deleteExchangeRate",
  "saveMaxRateAge",
];

/** True when one of the function's parameters is an Actor (not `any` or `unknown`, which would take anything). */
type TakesActor<F> = F extends (...args: infer P) => unknown
  ? [Extract<P[number], Actor>] extends [never]
    ? false
    : unknown extends P[number]
      ? false
      : true
  : false;

/** Source files of the pages and the shared page actions, without tests. */
function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("the acting administrator reaches every admin write", () => {
  it("every admin write function takes an Actor (a type check: typecheck fails otherwise)", () => {
    expectTypeOf<{ [K in keyof AdminWrites]: TakesActor<AdminWrites[K]> }>().toEqualTypeOf<{
      [K in keyof AdminWrites]: true;
    }>();
    // The list the source check below walks names every function the type check covers.
    expect(new Set(ADMIN_WRITES).size).toBe(ADMIN_WRITES.length);
  });

  it("the pages pass the administrator the admin guard signed in, never one of their own making", () => {
    const callers = sources("app/routes");
    const calls: string[] = [];
    for (const file of callers) {
      const text = fs.readFileSync(file, "utf8");
      for (const name of ADMIN_WRITES) {
        for (const match of text.matchAll(new RegExp(`\\b${name}\\((?!\\s*\\n?\\s*db: Db)`, "g"))) {
          calls.push(`${file}: ${name}`);
          const args = text.slice(match.index, match.index + 200);
          // The actor is either the guard's answer itself or the variable the action set from it.
          expect(args, `${file} calls ${name}`).toMatch(/^\w+\([^;]*?(\bactor\b|getAdminUser\(context\))/);
          if (!args.includes("getAdminUser(context)"))
            expect(text, `${file} takes its actor from the guard`).toMatch(/\bactor\s*=\s*getAdminUser\(context\)/);
        }
      }
    }
    // Every page that writes as an administrator was found (a rename would otherwise empty this test).
    expect(calls.length).toBeGreaterThanOrEqual(20);
  });
});
