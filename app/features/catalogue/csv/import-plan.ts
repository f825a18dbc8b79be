import type { PublishStatus } from "~/db/schema";
import type { SpecColumn } from "./columns";

/** A product's columns as an import writes them. */
export interface ProductValues {
  name: string;
  slug: string;
  category_id: string;
  description: string | null;
  specifications: string;
  export_info: string | null;
  is_featured: 0 | 1;
  image_url: string | null;
  gallery_images: string;
  trade_terms: string;
  status: PublishStatus;
}

/** What the importer chose beside the file. */
export interface ImportOptions {
  /** A new product without a main picture, and no status written, is added as a draft. */
  draftsWithoutPicture: boolean;
}

export interface PlannedAdd {
  line: number;
  id: string;
  values: ProductValues;
}

/** An update sets only what the row decides: columns the file lacks, and blank picture cells, keep their values. */
export interface PlannedUpdate {
  line: number;
  id: string;
  currentName: string;
  category: string;
  values: Partial<ProductValues> & Pick<ProductValues, "name" | "slug" | "category_id">;
}

export interface RowNote {
  line: number;
  name: string;
  message: string;
}

/** What an import would do, row by row (`planImport`); written by `writeImportPlan`, shown by `previewOf`. */
export interface ImportPlan {
  add: PlannedAdd[];
  update: PlannedUpdate[];
  /** How many of the added and updated products are published once imported. */
  live: number;
  skipped: Array<{ line: number; name: string; reason: string }>;
  /** Rows that will be imported, but not exactly as written: what is wrong and what will happen instead. */
  warnings: RowNote[];
  /**
   * How spreadsheet habits were read (list separators, Key: value specifications, day-first dates): one message
   * per column and habit, the same on every row it touches, so the preview says it once with its rows.
   */
  notes: RowNote[];
  /** The spec's import columns the file does not have: updated products keep those values. */
  missingColumns: SpecColumn[];
  /** Header names that are not import columns: their cells are not read. */
  unknownColumns: string[];
}
