import type en from "../en/forms";
import type { Translated } from "../../catalogue-types";

export default {
  // Field names, as labels and inside the validation messages.
  "forms.field.fullName": "Nama Penuh",
  "forms.field.email": "Alamat E-mel",
  "forms.field.phone": "Nombor Telefon",
  "forms.field.subject": "Subjek",
  "forms.field.message": "Mesej",
  "forms.field.company": "Syarikat",
  "forms.field.country": "Negara",
  "forms.field.destinationPort": "Pelabuhan Destinasi",
  "forms.field.incoterm": "Incoterm",
  "forms.field.deliveryMonth": "Bulan Sasaran Penghantaran",
  "forms.field.quantity": "Kuantiti",
  "forms.field.unit": "Unit",
  "forms.field.grade": "Gred",
  "forms.field.packaging": "Pembungkusan",

  // Validation (the browser's check before sending and the server's, alike).
  "forms.error.required": "{field} wajib diisi.",
  "forms.error.tooLong": "{field} terlalu panjang.",
  "forms.error.lineBreaks": "Pemisah baris tidak dibenarkan dalam {field}.",
  "forms.error.email": "Sila masukkan alamat e-mel yang sah.",
  "forms.error.messageCharacters": "Mesej mengandungi aksara yang tidak dibenarkan.",
  "forms.error.quantityNumber": "Kuantiti mestilah nombor.",
  "forms.error.quantityPositive": "Kuantiti mestilah lebih daripada 0.",
  "forms.error.quantityMax": "Kuantiti tidak boleh melebihi {max}.",
  "forms.error.unit": "Pilih unit: {units}.",
  "forms.error.country": "Pilih negara anda daripada senarai.",
  "forms.error.incoterm": "Pilih Incoterm: {incoterms}.",
  "forms.error.monthFormat": "{field} mestilah bulan (YYYY-MM).",
  "forms.error.monthPast": "{field} tidak boleh pada masa lalu.",
  "forms.error.noProducts": "Tambah sekurang-kurangnya satu produk ke dalam senarai sebut harga anda.",
  "forms.toast.missingFields": "Medan Tidak Lengkap",
  "forms.contact.requiredFields": "Nama Penuh, Alamat E-mel, Subjek dan Mesej wajib diisi.",
  "forms.quote.requiredFields":
    "Syarikat, Nama Penuh, Alamat E-mel, Negara dan kuantiti bagi setiap produk wajib diisi.",

  // Refusals of a valid form.
  "forms.refusal.tooMany.title": "Terlalu Banyak Mesej",
  "forms.refusal.tooMany.message": {
    other:
      "Anda telah menghantar beberapa mesej dalam masa yang singkat. Sila cuba lagi dalam {count} minit, atau hubungi kami melalui e-mel.",
  },
  "forms.refusal.messageNotSent.title": "Mesej Tidak Dihantar",
  "forms.refusal.messageNotSent.message": "Mesej anda tidak dapat disimpan. Sila cuba lagi sebentar lagi.",
  "forms.refusal.requestNotSent.title": "Permintaan Tidak Dihantar",
  "forms.refusal.requestNotSent.message": "Permintaan anda tidak dapat disimpan. Sila cuba lagi sebentar lagi.",
  "forms.refusal.productGone.title": "Produk Tidak Tersedia",
  "forms.refusal.productGone.message":
    "Salah satu produk dalam senarai anda tiada lagi dalam katalog kami. Sila semak semula senarai anda.",
  "forms.refusal.invalidChoice": "Pilihan Tidak Sah",
  "forms.refusal.grade": "Pilih salah satu gred yang ditawarkan untuk {product}.",
  "forms.refusal.packaging": "Pilih salah satu pilihan pembungkusan yang ditawarkan untuk {product}.",
  "forms.refusal.duplicate": "Setiap produk hanya boleh disenaraikan sekali dalam satu permintaan sebut harga.",

  // The quote list's toasts ('Add to Quote', 'Remove').
  "forms.toast.added": "Ditambah ke Sebut Harga",
  "forms.toast.added.message": "{product} ada dalam senarai sebut harga anda.",
  "forms.toast.already": "Sudah dalam Sebut Harga",
  "forms.toast.already.message": "{product} sudah ada dalam senarai sebut harga anda.",
  "forms.toast.removed": "Dikeluarkan daripada Sebut Harga",
  "forms.toast.removed.message": "{product} tiada lagi dalam senarai sebut harga anda.",
  "forms.toast.removed.unknown": "Produk tersebut tiada lagi dalam senarai sebut harga anda.",
  "forms.toast.removed.notInList": "Produk itu tiada dalam senarai anda.",
  "forms.toast.notFound": "Produk Tidak Ditemui",
  "forms.toast.notFound.message": "Produk ini tiada lagi dalam katalog kami.",
  "forms.toast.full": "Senarai Sebut Harga Penuh",
  "forms.toast.full.message": {
    other:
      "Senarai sebut harga anda boleh memuatkan paling banyak {count} produk. Hantar permintaan ini dahulu, atau keluarkan satu produk.",
  },

  // Shared by both forms.
  "forms.sending": "Menghantar...",
  "forms.browseProducts": "Lihat Produk Kami",
  "forms.replyTime": "Kami biasanya membalas dalam tempoh satu hari bekerja.",

  // The contact page.
  "forms.contact.title": "Hubungi Kami",
  "forms.contact.metaDescription": "Minta sebut harga atau sampel. {address}. E-mel {email}, telefon {phone}.",
  "forms.contact.intro": "Beritahu kami keperluan anda: varieti, saiz, pembungkusan dan pelabuhan destinasi.",
  "forms.contact.getInTouch": "Hubungi Kami",
  "forms.contact.officeAddress": "Alamat Pejabat",
  "forms.contact.email": "E-mel",
  "forms.contact.phone": "Telefon",
  "forms.contact.chat": "Sembang",
  "forms.contact.map": "Peta pejabat kami",
  "forms.contact.sendUsAMessage": "Hantar Mesej kepada Kami",
  "forms.contact.send": "Hantar Mesej",
  "forms.contact.sent.title": "Mesej Dihantar!",
  "forms.contact.sent.message": "Terima kasih kerana menghubungi kami. Kami akan membalas anda tidak lama lagi.",
  "forms.contact.inquirySubject": "Pertanyaan tentang {product}",

  "forms.field.product": "Produk",
  "forms.field.sampleKg": "Kuantiti (kg)",
  "forms.field.courierAddress": "Alamat Kurier",
  "forms.error.sampleKgMax": "Berat sampel tidak boleh melebihi {max} kg.",
  "forms.sample.request": "Minta Sampel",
  "forms.sample.title": "Minta Sampel",
  "forms.sample.metaDescription": "Minta sampel hasil keluaran kami, dihantar melalui kurier ke alamat anda.",
  "forms.sample.intro":
    "Pilih produk dan kuantiti yang anda perlukan, dan beritahu kami ke mana kurier perlu menghantarnya. Kami akan membalas untuk mengesahkan caj kurier dan tarikh penghantaran.",
  "forms.sample.yourSample": "Sampel Anda",
  "forms.sample.productPlaceholder": "Pilih produk",
  "forms.sample.kgHint": "Sehingga {max} kg.",
  "forms.sample.phoneHint": "Kurier mungkin menghubungi nombor ini semasa penghantaran.",
  "forms.sample.addressHint": "Jalan dan bangunan, bandar, poskod dan negara, seperti yang perlu ditulis oleh kurier.",
  "forms.sample.messagePlaceholder": "Apa-apa lagi: varieti, gred, pembungkusan, tujuan sampel...",
  "forms.sample.send": "Hantar Permintaan Sampel",
  "forms.sample.requiredFields":
    "Produk, Kuantiti (kg), Syarikat, Nama Penuh, Alamat E-mel, Nombor Telefon, Negara dan Alamat Kurier wajib diisi.",
  "forms.sample.productGone": "Produk ini tiada lagi dalam katalog kami. Sila pilih produk lain.",
  "forms.sample.sent.title": "Permintaan Sampel Dihantar",
  "forms.sample.sent.thanks":
    "Terima kasih, {name}. Kami telah menerima permintaan sampel anda dan akan membalas ke {email} untuk mengesahkan caj kurier dan tarikh penghantaran.",
  "forms.sample.another": "Minta Sampel Lain",

  // The quote request page.
  "forms.quote.title": "Minta Sebut Harga",
  "forms.quote.metaDescription":
    "Minta harga bagi produk dalam senarai sebut harga anda: kuantiti, gred, pembungkusan dan penghantaran.",
  "forms.quote.intro":
    "Beritahu kami kuantiti yang anda perlukan bagi setiap produk, serta ke mana dan bila ia perlu tiba. Kami akan membalas dengan harga dan ketersediaan.",
  "forms.quote.empty.title": "Senarai sebut harga anda kosong.",
  "forms.quote.empty.text":
    "Tambah produk yang anda minati dengan 'Tambah ke Sebut Harga', kemudian kembali ke sini untuk menghantar satu permintaan.",
  "forms.quote.empty.message": "Atau beritahu kami keperluan anda melalui mesej.",
  "forms.quote.empty.contact": "Gunakan Borang Hubungan Kami",
  "forms.quote.yourProducts": "Produk Anda",
  "forms.quote.addMore": "Tambah Lagi Produk",
  "forms.quote.yourDetails": "Butiran Anda",
  "forms.quote.ofProduct": "bagi {product}",
  "forms.quote.remove": "Keluarkan",
  "forms.quote.noPreference": "Tiada keutamaan",
  "forms.quote.portHint": "cth. Jebel Ali, Rotterdam",
  "forms.quote.incotermPlaceholder": "Belum pasti",
  "forms.quote.countryPlaceholder": "Pilih negara anda",
  "forms.quote.monthHint": "Tahun dan bulan (YYYY-MM)",
  "forms.quote.messagePlaceholder": "Lain-lain: varieti, pelabelan, sijil, terma pembayaran...",
  "forms.quote.send": "Hantar Permintaan Sebut Harga",
  "forms.unit.MT": "MT",
  "forms.unit.kg": "kg",
  "forms.unit.cartons": "karton",
  "forms.unit.20ft": "kontena 20 ft",
  "forms.unit.40ft": "kontena 40 ft",
  "forms.quantity.MT": { other: "{count} MT" },
  "forms.quantity.kg": { other: "{count} kg" },
  "forms.quantity.cartons": { other: "{count} karton" },
  "forms.quantity.20ft": { other: "{count} × kontena 20 ft" },
  "forms.quantity.40ft": { other: "{count} × kontena 40 ft" },

  // The summary after sending (/request-quote/sent).
  "forms.sent.title": "Permintaan Sebut Harga Dihantar",
  "forms.sent.metaDescription": "Permintaan sebut harga anda telah dihantar.",
  "forms.sent.thanks":
    "Terima kasih, {name}. Kami telah menerima permintaan anda dan akan membalas ke {email} dengan harga dan ketersediaan.",
  "forms.sent.reference": "Rujukan anda: {reference}",
  "forms.sent.grade": "gred {grade}",
  "forms.sent.listSeparator": ", ",
  "forms.sent.none.title": "Tiada permintaan terkini untuk dipaparkan.",
  "forms.sent.none.text":
    "Ringkasan permintaan sebut harga dipaparkan selama sejam selepas dihantar, dalam pelayar yang menghantarnya.",
  "forms.sent.back": "Kembali ke Produk Kami",
} satisfies Translated<typeof en>;
