import type en from "../en/email";
import type { Translated } from "../../catalogue-types";

export default {
  "email.receipt.subject": "Мы получили ваш запрос коммерческого предложения ({reference})",
  "email.receipt.greeting": "Здравствуйте, {name}!",
  "email.receipt.greetingNoName": "Уважаемые дамы и господа!",
  "email.receipt.thanks":
    "Благодарим вас за запрос коммерческого предложения. Мы его получили и пришлём вам наши цены и информацию о наличии.",
  "email.receipt.reference": "Номер вашего запроса: {reference}",
  "email.receipt.products": "Продукция",
  "email.receipt.line": "{product}: {details}",
  "email.receipt.grade": "сорт {grade}",
  "email.receipt.packaging": "упаковка {packaging}",
  "email.receipt.listSeparator": ", ",
  "email.receipt.incoterm": "Условия Incoterms: {incoterm}",
  "email.receipt.delivery": "Желаемый срок поставки: {month}",
  "email.receipt.next": "Что будет дальше",
  "email.receipt.replyTime": "Обычно мы отвечаем в течение одного рабочего дня.",
  "email.receipt.change": "Чтобы что-либо изменить, просто ответьте на это письмо.",
  "email.receipt.chat": "Чтобы связаться с нами быстрее, напишите нам в WhatsApp: {chat}",
  "email.sampleReceipt.subject": "Мы получили ваш запрос образца ({reference})",
  "email.sampleReceipt.thanks":
    "Спасибо за запрос образца. Мы его получили и ответим, чтобы подтвердить стоимость доставки и дату отправки.",
  "email.sampleReceipt.sample": "Образец",
  "email.sampleReceipt.courier":
    "Курьер доставит его по адресу, указанному в вашем запросе. Чтобы исправить адрес, просто ответьте на это письмо.",
} satisfies Translated<typeof en>;
