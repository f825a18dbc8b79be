import type en from "../en/email";
import type { Translated } from "../../catalogue-types";

export default {
  "email.receipt.subject": "تلقينا طلب عرض السعر الخاص بك ({reference})",
  "email.receipt.greeting": "مرحبًا {name}،",
  "email.receipt.greetingNoName": "السادة المحترمون،",
  "email.receipt.thanks": "شكرًا لك على طلب عرض السعر. لقد تلقيناه وسنرد عليك بأسعارنا ومدى التوفر.",
  "email.receipt.reference": "رقم المرجع: {reference}",
  "email.receipt.products": "المنتجات",
  "email.receipt.line": "{product}: {details}",
  "email.receipt.grade": "الدرجة {grade}",
  "email.receipt.packaging": "التعبئة {packaging}",
  "email.receipt.listSeparator": "، ",
  "email.receipt.incoterm": "شرط التسليم (Incoterm): {incoterm}",
  "email.receipt.delivery": "موعد التسليم المطلوب: {month}",
  "email.receipt.next": "الخطوات التالية",
  "email.receipt.replyTime": "نرد عادةً خلال يوم عمل واحد.",
  "email.receipt.change": "لتعديل أي شيء، ما عليك سوى الرد على هذه الرسالة.",
  "email.receipt.chat": "للتحدث معنا في وقت أقرب، راسلنا عبر واتساب: {chat}",
  "email.sampleReceipt.subject": "تلقينا طلب العينة الخاص بك ({reference})",
  "email.sampleReceipt.thanks": "شكرًا لك على طلب العينة. لقد تلقيناه وسنرد عليك لتأكيد رسوم الشحن وموعد الإرسال.",
  "email.sampleReceipt.sample": "العينة",
  "email.sampleReceipt.courier":
    "يوصل البريد السريع العينة إلى العنوان الوارد في طلبك. لتصحيح هذا العنوان، ما عليك سوى الرد على هذه الرسالة.",
} satisfies Translated<typeof en>;
