import type en from "../en/chrome";
import type { Translated } from "../../catalogue-types";

export default {
  "language.switcher": "اللغة",
  "language.suggestion": "هذه الصفحة متاحة باللغة {language}.",
  "language.suggestion.dismiss": "إغلاق",
  "layout.skipToContent": "انتقل إلى المحتوى",
  "layout.loading": "جارٍ التحميل",
  "content.untranslated": "لم تُترجم هذه الصفحة بعد، وهي معروضة بالإنجليزية.",
} satisfies Translated<typeof en>;
