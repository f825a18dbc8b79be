import type en from "../en/email";
import type { Translated } from "../../catalogue-types";

export default {
  "email.receipt.subject": "Kami telah menerima permintaan sebut harga anda ({reference})",
  "email.receipt.greeting": "{name} yang dihormati,",
  "email.receipt.greetingNoName": "Tuan/Puan yang dihormati,",
  "email.receipt.thanks":
    "Terima kasih atas permintaan sebut harga anda. Kami telah menerimanya dan akan membalas dengan harga serta ketersediaan kami.",
  "email.receipt.reference": "Rujukan anda: {reference}",
  "email.receipt.products": "Produk",
  "email.receipt.line": "{product}: {details}",
  "email.receipt.grade": "gred {grade}",
  "email.receipt.packaging": "pembungkusan {packaging}",
  "email.receipt.listSeparator": ", ",
  "email.receipt.incoterm": "Incoterm: {incoterm}",
  "email.receipt.delivery": "Sasaran Penghantaran: {month}",
  "email.receipt.next": "Langkah seterusnya",
  "email.receipt.replyTime": "Kami biasanya membalas dalam tempoh satu hari bekerja.",
  "email.receipt.change": "Untuk membuat sebarang perubahan, balas sahaja e-mel ini.",
  "email.receipt.chat": "Untuk berhubung dengan kami lebih cepat, berbual dengan kami di WhatsApp: {chat}",
  "email.sampleReceipt.subject": "Kami telah menerima permintaan sampel anda ({reference})",
  "email.sampleReceipt.thanks":
    "Terima kasih atas permintaan sampel anda. Kami telah menerimanya dan akan membalas untuk mengesahkan caj kurier dan tarikh penghantaran.",
  "email.sampleReceipt.sample": "Sampel",
  "email.sampleReceipt.courier":
    "Kurier akan menghantarnya ke alamat dalam permintaan anda. Untuk membetulkan alamat itu, balas sahaja e-mel ini.",
} satisfies Translated<typeof en>;
