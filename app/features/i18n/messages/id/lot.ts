import type en from "../en/lot";
import type { Translated } from "../../catalogue-types";

export default {
  "lot.title": "Lot {code}: {product}",
  "lot.description":
    "Di mana lot {code} {product} dari {company} ditanam, kapan dipanen dan dikemas, dan bagaimana diuji.",
  "lot.eyebrow": "Lot yang dapat ditelusuri",
  "lot.intro": "Di mana hasil panen lot ini ditanam, kapan dipanen dan dikemas, dan bagaimana diuji.",
  "lot.code": "Kode lot",
  "lot.grade": "Mutu",
  "lot.facts": "Asal dan tanggal",
  "lot.origin": "Asal",
  "lot.farmRegistration": "Registrasi kebun",
  "lot.harvested": "Dipanen",
  "lot.packed": "Dikemas",
  "lot.phytoNumber": "Sertifikat fitosanitari",
  "lot.notRecorded": "Tidak tercatat",
  "lot.test": "Uji residu",
  "lot.testLab": "Laboratorium",
  "lot.testResult": "Hasil",
  "lot.noTest": "Belum ada uji yang tercatat untuk lot ini.",
  "lot.report": "Unduh laporan uji",
  "lot.certificates": "Sertifikat eksportir",
  "lot.certificatesIntro":
    "Registrasi dan sertifikasi kami, masing-masing dengan tautan untuk memeriksanya pada penerbitnya.",
  "lot.noCertificates": "Belum ada sertifikat yang tercantum.",
  "lot.authority": "Diterbitkan oleh",
  "lot.certificateNumber": "Nomor",
  "lot.validUntil": "Berlaku hingga {date}",
  "lot.verify": "Verifikasi",
  "lot.verifyWith": "{name} pada penerbitnya",
} satisfies Translated<typeof en>;
