import type en from "../en/pages";
import type { Translated } from "../../catalogue-types";

export default {} satisfies Translated<typeof en>;
