import type en from "../en/pdf";
import type { Translated } from "../../catalogue-types";

export default {} satisfies Translated<typeof en>;
