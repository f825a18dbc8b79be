import type en from "../en/lot";
import type { Translated } from "../../catalogue-types";

export default {
  "lot.title": "লট {code}: {product}",
  "lot.description":
    "{company}-এর {product}-এর লট {code} কোথায় চাষ হয়েছে, কবে তোলা ও প্যাক করা হয়েছে এবং কীভাবে পরীক্ষা করা হয়েছে।",
  "lot.eyebrow": "উৎস-অনুসরণযোগ্য লট",
  "lot.intro": "এই লটের পণ্য কোথায় চাষ হয়েছে, কবে তোলা ও প্যাক করা হয়েছে এবং কীভাবে পরীক্ষা করা হয়েছে।",
  "lot.code": "লট কোড",
  "lot.grade": "গ্রেড",
  "lot.facts": "উৎস ও তারিখ",
  "lot.origin": "উৎস",
  "lot.farmRegistration": "খামারের নিবন্ধন",
  "lot.harvested": "ফসল তোলার তারিখ",
  "lot.packed": "প্যাক করার তারিখ",
  "lot.phytoNumber": "ফাইটোস্যানিটারি সনদ",
  "lot.notRecorded": "লিপিবদ্ধ নেই",
  "lot.test": "অবশিষ্টাংশ পরীক্ষা",
  "lot.testLab": "পরীক্ষাগার",
  "lot.testResult": "ফলাফল",
  "lot.noTest": "এই লটের কোনো পরীক্ষা এখনো লিপিবদ্ধ হয়নি।",
  "lot.report": "পরীক্ষার প্রতিবেদন ডাউনলোড করুন",
  "lot.certificates": "রপ্তানিকারকের সনদসমূহ",
  "lot.certificatesIntro": "আমাদের নিবন্ধন ও সনদ, প্রতিটির সঙ্গে প্রদানকারীর কাছে যাচাই করার লিংক।",
  "lot.noCertificates": "এখনো কোনো সনদ তালিকাভুক্ত নেই।",
  "lot.authority": "প্রদানকারী",
  "lot.certificateNumber": "নম্বর",
  "lot.validUntil": "{date} পর্যন্ত বৈধ",
  "lot.verify": "যাচাই করুন",
  "lot.verifyWith": "{name} প্রদানকারীর কাছে",
} satisfies Translated<typeof en>;
