import type en from "../en/site";
import type { Translated } from "../../catalogue-types";

export default {} satisfies Translated<typeof en>;
