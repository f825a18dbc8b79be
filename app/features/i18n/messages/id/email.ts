import type en from "../en/email";
import type { Translated } from "../../catalogue-types";

export default {
  "email.receipt.subject": "Kami telah menerima permintaan penawaran Anda ({reference})",
  "email.receipt.greeting": "Yth. {name},",
  "email.receipt.greetingNoName": "Dengan hormat,",
  "email.receipt.thanks":
    "Terima kasih atas permintaan penawaran Anda. Kami telah menerimanya dan akan membalas dengan harga serta ketersediaan kami.",
  "email.receipt.reference": "Nomor referensi Anda: {reference}",
  "email.receipt.products": "Produk",
  "email.receipt.line": "{product}: {details}",
  "email.receipt.grade": "grade {grade}",
  "email.receipt.packaging": "kemasan {packaging}",
  "email.receipt.listSeparator": ", ",
  "email.receipt.incoterm": "Incoterm: {incoterm}",
  "email.receipt.delivery": "Target Pengiriman: {month}",
  "email.receipt.next": "Langkah selanjutnya",
  "email.receipt.replyTime": "Kami biasanya membalas dalam satu hari kerja.",
  "email.receipt.change": "Untuk mengubah sesuatu, cukup balas email ini.",
  "email.receipt.chat": "Untuk berbicara dengan kami lebih cepat, chat dengan kami di WhatsApp: {chat}",
  "email.sampleReceipt.subject": "Kami telah menerima permintaan sampel Anda ({reference})",
  "email.sampleReceipt.thanks":
    "Terima kasih atas permintaan sampel Anda. Kami telah menerimanya dan akan membalas untuk memastikan biaya kurir dan tanggal pengiriman.",
  "email.sampleReceipt.sample": "Sampel",
  "email.sampleReceipt.courier":
    "Kurir akan mengantarnya ke alamat dalam permintaan Anda. Untuk memperbaiki alamat itu, cukup balas email ini.",
} satisfies Translated<typeof en>;
