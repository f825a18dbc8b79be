import type en from "../en/chrome";
import type { Translated } from "../../catalogue-types";

export default {
  "language.switcher": "ভাষা",
  "language.suggestion": "এই পৃষ্ঠাটি {language} ভাষায় পাওয়া যায়।",
  "language.suggestion.dismiss": "বন্ধ করুন",
  "layout.skipToContent": "মূল বিষয়বস্তুতে যান",
  "layout.loading": "লোড হচ্ছে",
  "content.untranslated": "এই পৃষ্ঠাটি এখনও অনুবাদ করা হয়নি। এটি ইংরেজিতে দেখানো হচ্ছে।",
} satisfies Translated<typeof en>;
