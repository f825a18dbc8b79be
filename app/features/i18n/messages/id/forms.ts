import type en from "../en/forms";
import type { Translated } from "../../catalogue-types";

export default {
  // Field names, as labels and inside the validation messages.
  "forms.field.fullName": "Nama Lengkap",
  "forms.field.email": "Alamat Email",
  "forms.field.phone": "Nomor Telepon",
  "forms.field.subject": "Subjek",
  "forms.field.message": "Pesan",
  "forms.field.company": "Perusahaan",
  "forms.field.country": "Negara",
  "forms.field.destinationPort": "Pelabuhan Tujuan",
  "forms.field.incoterm": "Incoterm",
  "forms.field.deliveryMonth": "Target Bulan Pengiriman",
  "forms.field.quantity": "Jumlah",
  "forms.field.unit": "Satuan",
  "forms.field.grade": "Grade",
  "forms.field.packaging": "Kemasan",

  // Validation (the browser's check before sending and the server's, alike).
  "forms.error.required": "{field} wajib diisi.",
  "forms.error.tooLong": "{field} terlalu panjang.",
  "forms.error.lineBreaks": "Baris baru tidak diperbolehkan pada {field}.",
  "forms.error.email": "Masukkan alamat email yang valid.",
  "forms.error.messageCharacters": "Pesan berisi karakter yang tidak diperbolehkan.",
  "forms.error.quantityNumber": "Jumlah harus berupa angka.",
  "forms.error.quantityPositive": "Jumlah harus lebih dari 0.",
  "forms.error.quantityMax": "Jumlah paling banyak {max}.",
  "forms.error.unit": "Pilih satuan: {units}.",
  "forms.error.country": "Pilih negara Anda dari daftar.",
  "forms.error.incoterm": "Pilih Incoterm: {incoterms}.",
  "forms.error.monthFormat": "{field} harus berupa bulan (YYYY-MM).",
  "forms.error.monthPast": "{field} tidak boleh di masa lalu.",
  "forms.error.noProducts": "Tambahkan setidaknya satu produk ke daftar penawaran Anda.",
  "forms.toast.missingFields": "Kolom Belum Diisi",
  "forms.contact.requiredFields": "Nama Lengkap, Alamat Email, Subjek, dan Pesan wajib diisi.",
  "forms.quote.requiredFields":
    "Perusahaan, Nama Lengkap, Alamat Email, Negara, dan jumlah untuk setiap produk wajib diisi.",

  // Refusals of a valid form.
  "forms.refusal.tooMany.title": "Terlalu Banyak Pesan",
  "forms.refusal.tooMany.message": {
    other:
      "Anda telah mengirim beberapa pesan dalam waktu singkat. Silakan coba lagi dalam {count} menit, atau kirimkan email kepada kami.",
  },
  "forms.refusal.messageNotSent.title": "Pesan Tidak Terkirim",
  "forms.refusal.messageNotSent.message": "Pesan Anda tidak dapat disimpan. Silakan coba lagi sebentar lagi.",
  "forms.refusal.requestNotSent.title": "Permintaan Tidak Terkirim",
  "forms.refusal.requestNotSent.message": "Permintaan Anda tidak dapat disimpan. Silakan coba lagi sebentar lagi.",
  "forms.refusal.productGone.title": "Produk Tidak Tersedia",
  "forms.refusal.productGone.message":
    "Salah satu produk dalam daftar Anda sudah tidak ada di katalog kami. Silakan periksa kembali daftar Anda.",
  "forms.refusal.invalidChoice": "Pilihan Tidak Valid",
  "forms.refusal.grade": "Pilih salah satu grade yang ditawarkan untuk {product}.",
  "forms.refusal.packaging": "Pilih salah satu opsi kemasan yang ditawarkan untuk {product}.",
  "forms.refusal.duplicate": "Setiap produk hanya boleh muncul satu kali dalam permintaan penawaran.",

  // The quote list's toasts ('Add to Quote', 'Remove').
  "forms.toast.added": "Ditambahkan ke Penawaran",
  "forms.toast.added.message": "{product} ada di daftar penawaran Anda.",
  "forms.toast.already": "Sudah Ada di Penawaran",
  "forms.toast.already.message": "{product} sudah ada di daftar penawaran Anda.",
  "forms.toast.removed": "Dihapus dari Penawaran",
  "forms.toast.removed.message": "{product} tidak lagi ada di daftar penawaran Anda.",
  "forms.toast.removed.unknown": "Produk tersebut tidak lagi ada di daftar penawaran Anda.",
  "forms.toast.removed.notInList": "Produk tersebut memang tidak ada di daftar Anda.",
  "forms.toast.notFound": "Produk Tidak Ditemukan",
  "forms.toast.notFound.message": "Produk ini sudah tidak ada di katalog kami.",
  "forms.toast.full": "Daftar Penawaran Penuh",
  "forms.toast.full.message": {
    other:
      "Daftar penawaran Anda dapat memuat paling banyak {count} produk. Kirim permintaan ini terlebih dahulu, atau hapus salah satu produk.",
  },

  // Shared by both forms.
  "forms.sending": "Mengirim...",
  "forms.browseProducts": "Lihat Produk Kami",
  "forms.replyTime": "Kami biasanya membalas dalam satu hari kerja.",

  // The contact page.
  "forms.contact.title": "Hubungi Kami",
  "forms.contact.metaDescription": "Minta penawaran harga atau sampel. {address}. Email {email}, telepon {phone}.",
  "forms.contact.intro": "Beri tahu kami kebutuhan Anda: varietas, ukuran, kemasan, dan pelabuhan tujuan.",
  "forms.contact.getInTouch": "Hubungi Kami",
  "forms.contact.officeAddress": "Alamat Kantor",
  "forms.contact.email": "Email",
  "forms.contact.phone": "Telepon",
  "forms.contact.chat": "Chat",
  "forms.contact.map": "Peta kantor kami",
  "forms.contact.sendUsAMessage": "Kirimi Kami Pesan",
  "forms.contact.send": "Kirim Pesan",
  "forms.contact.sent.title": "Pesan Terkirim!",
  "forms.contact.sent.message": "Terima kasih telah menghubungi kami. Kami akan segera membalas Anda.",
  "forms.contact.inquirySubject": "Pertanyaan tentang {product}",

  "forms.field.product": "Produk",
  "forms.field.sampleKg": "Jumlah (kg)",
  "forms.field.courierAddress": "Alamat Kurir",
  "forms.error.sampleKgMax": "Berat sampel paling banyak {max} kg.",
  "forms.sample.request": "Minta Sampel",
  "forms.sample.title": "Minta Sampel",
  "forms.sample.metaDescription": "Minta sampel produk kami, dikirim lewat kurir ke alamat Anda.",
  "forms.sample.intro":
    "Pilih produk dan jumlah yang Anda perlukan, lalu beri tahu kami ke mana kurir harus mengantarnya. Kami akan membalas untuk memastikan biaya kurir dan tanggal pengiriman.",
  "forms.sample.yourSample": "Sampel Anda",
  "forms.sample.productPlaceholder": "Pilih produk",
  "forms.sample.kgHint": "Hingga {max} kg.",
  "forms.sample.phoneHint": "Kurir mungkin menelepon nomor ini saat mengantar.",
  "forms.sample.addressHint": "Jalan dan gedung, kota, kode pos, dan negara, seperti yang harus ditulis kurir.",
  "forms.sample.messagePlaceholder": "Hal lain: varietas, grade, kemasan, tujuan sampel...",
  "forms.sample.send": "Kirim Permintaan Sampel",
  "forms.sample.requiredFields":
    "Produk, Jumlah (kg), Perusahaan, Nama Lengkap, Alamat Email, Nomor Telepon, Negara, dan Alamat Kurir wajib diisi.",
  "forms.sample.productGone": "Produk ini tidak lagi ada di katalog kami. Silakan pilih produk lain.",
  "forms.sample.sent.title": "Permintaan Sampel Terkirim",
  "forms.sample.sent.thanks":
    "Terima kasih, {name}. Kami telah menerima permintaan sampel Anda dan akan membalas ke {email} untuk memastikan biaya kurir dan tanggal pengiriman.",
  "forms.sample.another": "Minta Sampel Lain",

  // The quote request page.
  "forms.quote.title": "Minta Penawaran Harga",
  "forms.quote.metaDescription":
    "Minta harga untuk produk dalam daftar penawaran Anda: jumlah, grade, kemasan, dan pengiriman.",
  "forms.quote.intro":
    "Beri tahu kami berapa banyak yang Anda butuhkan dari setiap produk, serta ke mana dan kapan produk harus tiba. Kami akan membalas dengan harga dan ketersediaan.",
  "forms.quote.empty.title": "Daftar penawaran Anda kosong.",
  "forms.quote.empty.text":
    "Tambahkan produk yang Anda minati dengan 'Tambah ke Penawaran', lalu kembali ke sini untuk mengirim satu permintaan.",
  "forms.quote.empty.message": "Atau beri tahu kami kebutuhan Anda melalui pesan.",
  "forms.quote.empty.contact": "Gunakan Formulir Kontak Kami",
  "forms.quote.yourProducts": "Produk Anda",
  "forms.quote.addMore": "Tambah Produk Lain",
  "forms.quote.yourDetails": "Data Anda",
  "forms.quote.ofProduct": "untuk {product}",
  "forms.quote.remove": "Hapus",
  "forms.quote.noPreference": "Tidak ada preferensi",
  "forms.quote.portHint": "mis. Jebel Ali, Rotterdam",
  "forms.quote.incotermPlaceholder": "Belum yakin",
  "forms.quote.countryPlaceholder": "Pilih negara Anda",
  "forms.quote.monthHint": "Tahun dan bulan (YYYY-MM)",
  "forms.quote.messagePlaceholder": "Hal lainnya: varietas, pelabelan, sertifikat, syarat pembayaran...",
  "forms.quote.send": "Kirim Permintaan Penawaran",
  "forms.unit.MT": "MT",
  "forms.unit.kg": "kg",
  "forms.unit.cartons": "karton",
  "forms.unit.20ft": "kontainer 20 ft",
  "forms.unit.40ft": "kontainer 40 ft",
  "forms.quantity.MT": { other: "{count} MT" },
  "forms.quantity.kg": { other: "{count} kg" },
  "forms.quantity.cartons": { other: "{count} karton" },
  "forms.quantity.20ft": { other: "{count} × kontainer 20 ft" },
  "forms.quantity.40ft": { other: "{count} × kontainer 40 ft" },

  // The summary after sending (/request-quote/sent).
  "forms.sent.title": "Permintaan Penawaran Terkirim",
  "forms.sent.metaDescription": "Permintaan penawaran Anda telah terkirim.",
  "forms.sent.thanks":
    "Terima kasih, {name}. Kami telah menerima permintaan Anda dan akan membalas ke {email} dengan harga dan ketersediaan.",
  "forms.sent.reference": "Nomor referensi Anda: {reference}",
  "forms.sent.grade": "grade {grade}",
  "forms.sent.listSeparator": ", ",
  "forms.sent.none.title": "Tidak ada permintaan terbaru untuk ditampilkan.",
  "forms.sent.none.text":
    "Ringkasan permintaan penawaran ditampilkan selama satu jam setelah dikirim, di browser yang mengirimkannya.",
  "forms.sent.back": "Kembali ke Produk Kami",
} satisfies Translated<typeof en>;
