import type en from "../en/email";
import type { Translated } from "../../catalogue-types";

export default {
  "email.receipt.subject": "Hemos recibido su solicitud de cotización ({reference})",
  "email.receipt.greeting": "Estimado/a {name}:",
  "email.receipt.greetingNoName": "Estimado/a señor/a:",
  "email.receipt.thanks":
    "Gracias por su solicitud de cotización. La hemos recibido y le responderemos con nuestros precios y disponibilidad.",
  "email.receipt.reference": "Su referencia: {reference}",
  "email.receipt.products": "Productos",
  "email.receipt.line": "{product}: {details}",
  "email.receipt.grade": "calibre {grade}",
  "email.receipt.packaging": "envase {packaging}",
  "email.receipt.listSeparator": ", ",
  "email.receipt.incoterm": "Incoterm: {incoterm}",
  "email.receipt.delivery": "Entrega prevista: {month}",
  "email.receipt.next": "Próximos pasos",
  "email.receipt.replyTime": "Normalmente respondemos en un día hábil.",
  "email.receipt.change": "Para modificar algo, simplemente responda a este correo electrónico.",
  "email.receipt.chat": "Para hablar con nosotros antes, escríbanos por WhatsApp: {chat}",
  "email.sampleReceipt.subject": "Hemos recibido su solicitud de muestra ({reference})",
  "email.sampleReceipt.thanks":
    "Gracias por su solicitud de muestra. La hemos recibido y le responderemos para confirmar el coste del envío y la fecha de despacho.",
  "email.sampleReceipt.sample": "Muestra",
  "email.sampleReceipt.courier":
    "El mensajero la entregará en la dirección indicada en su solicitud. Para corregirla, basta con responder a este correo.",
} satisfies Translated<typeof en>;
