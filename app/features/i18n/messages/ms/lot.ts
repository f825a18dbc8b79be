import type en from "../en/lot";
import type { Translated } from "../../catalogue-types";

export default {
  "lot.title": "Lot {code}: {product}",
  "lot.description":
    "Di mana lot {code} {product} daripada {company} ditanam, bila ia dituai dan dibungkus, dan bagaimana ia diuji.",
  "lot.eyebrow": "Lot boleh dikesan",
  "lot.intro": "Di mana hasil lot ini ditanam, bila ia dituai dan dibungkus, dan bagaimana ia diuji.",
  "lot.code": "Kod lot",
  "lot.grade": "Gred",
  "lot.facts": "Asal dan tarikh",
  "lot.origin": "Asal",
  "lot.farmRegistration": "Pendaftaran ladang",
  "lot.harvested": "Dituai",
  "lot.packed": "Dibungkus",
  "lot.phytoNumber": "Sijil fitosanitari",
  "lot.notRecorded": "Tidak direkodkan",
  "lot.test": "Ujian sisa racun",
  "lot.testLab": "Makmal",
  "lot.testResult": "Keputusan",
  "lot.noTest": "Belum ada ujian direkodkan untuk lot ini.",
  "lot.report": "Muat turun laporan ujian",
  "lot.certificates": "Sijil pengeksport",
  "lot.certificatesIntro":
    "Pendaftaran dan pensijilan kami, setiap satu dengan pautan untuk menyemaknya dengan pengeluarnya.",
  "lot.noCertificates": "Belum ada sijil disenaraikan.",
  "lot.authority": "Dikeluarkan oleh",
  "lot.certificateNumber": "Nombor",
  "lot.validUntil": "Sah hingga {date}",
  "lot.verify": "Sahkan",
  "lot.verifyWith": "{name} dengan pengeluarnya",
} satisfies Translated<typeof en>;
