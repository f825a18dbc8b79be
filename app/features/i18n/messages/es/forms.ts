import type en from "../en/forms";
import type { Translated } from "../../catalogue-types";

export default {
  // Field names, as labels and inside the validation messages.
  "forms.field.fullName": "Nombre completo",
  "forms.field.email": "Correo electrónico",
  "forms.field.phone": "Número de teléfono",
  "forms.field.subject": "Asunto",
  "forms.field.message": "Mensaje",
  "forms.field.company": "Empresa",
  "forms.field.country": "País",
  "forms.field.destinationPort": "Puerto de destino",
  "forms.field.incoterm": "Incoterm",
  "forms.field.deliveryMonth": "Mes de entrega previsto",
  "forms.field.quantity": "Cantidad",
  "forms.field.unit": "Unidad",
  "forms.field.grade": "Calibre",
  "forms.field.packaging": "Envase",

  // Validation (the browser's check before sending and the server's, alike).
  "forms.error.required": "El campo «{field}» es obligatorio.",
  "forms.error.tooLong": "El campo «{field}» es demasiado largo.",
  "forms.error.lineBreaks": "No se permiten saltos de línea en el campo «{field}».",
  "forms.error.email": "Introduzca una dirección de correo electrónico válida.",
  "forms.error.messageCharacters": "El mensaje contiene caracteres no permitidos.",
  "forms.error.quantityNumber": "La cantidad debe ser un número.",
  "forms.error.quantityPositive": "La cantidad debe ser mayor que 0.",
  "forms.error.quantityMax": "La cantidad debe ser como máximo {max}.",
  "forms.error.unit": "Elija una unidad: {units}.",
  "forms.error.country": "Elija su país de la lista.",
  "forms.error.incoterm": "Elija un Incoterm: {incoterms}.",
  "forms.error.monthFormat": "El campo «{field}» debe ser un mes (AAAA-MM).",
  "forms.error.monthPast": "El campo «{field}» no puede ser una fecha pasada.",
  "forms.error.noProducts": "Añada al menos un producto a su lista de cotización.",
  "forms.toast.missingFields": "Faltan campos",
  "forms.contact.requiredFields": "Los campos Nombre completo, Correo electrónico, Asunto y Mensaje son obligatorios.",
  "forms.quote.requiredFields":
    "Los campos Empresa, Nombre completo, Correo electrónico y País, así como una cantidad para cada producto, son obligatorios.",

  // Refusals of a valid form.
  "forms.refusal.tooMany.title": "Demasiados mensajes",
  "forms.refusal.tooMany.message": {
    one: "Ha enviado varios mensajes en poco tiempo. Inténtelo de nuevo dentro de {count} minuto o escríbanos por correo electrónico.",
    many: "Ha enviado varios mensajes en poco tiempo. Inténtelo de nuevo dentro de {count} minutos o escríbanos por correo electrónico.",
    other:
      "Ha enviado varios mensajes en poco tiempo. Inténtelo de nuevo dentro de {count} minutos o escríbanos por correo electrónico.",
  },
  "forms.refusal.messageNotSent.title": "Mensaje no enviado",
  "forms.refusal.messageNotSent.message": "No se pudo guardar su mensaje. Inténtelo de nuevo en unos momentos.",
  "forms.refusal.requestNotSent.title": "Solicitud no enviada",
  "forms.refusal.requestNotSent.message": "No se pudo guardar su solicitud. Inténtelo de nuevo en unos momentos.",
  "forms.refusal.productGone.title": "Producto no disponible",
  "forms.refusal.productGone.message":
    "Un producto de su lista ya no está en nuestro catálogo. Revise su lista de nuevo.",
  "forms.refusal.invalidChoice": "Opción no válida",
  "forms.refusal.grade": "Elija uno de los calibres ofrecidos para {product}.",
  "forms.refusal.packaging": "Elija uno de los envases ofrecidos para {product}.",
  "forms.refusal.duplicate": "Cada producto solo puede aparecer una vez en una solicitud de cotización.",

  // The quote list's toasts ('Add to Quote', 'Remove').
  "forms.toast.added": "Añadido a la cotización",
  "forms.toast.added.message": "{product} está en su lista de cotización.",
  "forms.toast.already": "Ya está en la cotización",
  "forms.toast.already.message": "{product} ya está en su lista de cotización.",
  "forms.toast.removed": "Eliminado de la cotización",
  "forms.toast.removed.message": "{product} ya no está en su lista de cotización.",
  "forms.toast.removed.unknown": "El producto ya no está en su lista de cotización.",
  "forms.toast.removed.notInList": "No estaba en su lista.",
  "forms.toast.notFound": "Producto no encontrado",
  "forms.toast.notFound.message": "Este producto ya no está en nuestro catálogo.",
  "forms.toast.full": "Lista de cotización llena",
  "forms.toast.full.message": {
    one: "Su lista de cotización admite como máximo {count} producto. Envíe primero esta solicitud o elimine uno.",
    many: "Su lista de cotización admite como máximo {count} productos. Envíe primero esta solicitud o elimine uno.",
    other: "Su lista de cotización admite como máximo {count} productos. Envíe primero esta solicitud o elimine uno.",
  },

  // Shared by both forms.
  "forms.sending": "Enviando...",
  "forms.browseProducts": "Ver nuestros productos",
  "forms.replyTime": "Normalmente respondemos en un día hábil.",

  // The contact page.
  "forms.contact.title": "Contacto",
  "forms.contact.metaDescription":
    "Solicite una cotización o muestras. {address}. Correo electrónico: {email}; teléfono: {phone}.",
  "forms.contact.intro": "Cuéntenos qué necesita: variedad, calibre, envase y puerto de destino.",
  "forms.contact.getInTouch": "Póngase en contacto",
  "forms.contact.officeAddress": "Dirección de la oficina",
  "forms.contact.email": "Correo electrónico",
  "forms.contact.phone": "Teléfono",
  "forms.contact.chat": "Chat",
  "forms.contact.map": "Mapa de nuestra oficina",
  "forms.contact.sendUsAMessage": "Envíenos un mensaje",
  "forms.contact.send": "Enviar mensaje",
  "forms.contact.sent.title": "¡Mensaje enviado!",
  "forms.contact.sent.message": "Gracias por contactarnos. Le responderemos en breve.",
  "forms.contact.inquirySubject": "Consulta sobre {product}",

  "forms.field.product": "Producto",
  "forms.field.sampleKg": "Cantidad (kg)",
  "forms.field.courierAddress": "Dirección de envío",
  "forms.error.sampleKgMax": "Una muestra puede pesar como máximo {max} kg.",
  "forms.sample.request": "Solicitar una muestra",
  "forms.sample.title": "Solicitar una muestra",
  "forms.sample.metaDescription": "Solicite una muestra de nuestros productos, enviada por mensajería a su dirección.",
  "forms.sample.intro":
    "Elija el producto y la cantidad que necesita, e indíquenos dónde debe entregarla el mensajero. Le responderemos para confirmar el coste del envío y la fecha de despacho.",
  "forms.sample.yourSample": "Su muestra",
  "forms.sample.productPlaceholder": "Elija un producto",
  "forms.sample.kgHint": "Hasta {max} kg.",
  "forms.sample.phoneHint": "El mensajero puede llamar a este número para la entrega.",
  "forms.sample.addressHint": "Calle y número, ciudad, código postal y país, tal como debe escribirlos el mensajero.",
  "forms.sample.messagePlaceholder": "Cualquier otro detalle: variedad, calibre, embalaje, para qué es la muestra...",
  "forms.sample.send": "Enviar solicitud de muestra",
  "forms.sample.requiredFields":
    "Los campos Producto, Cantidad (kg), Empresa, Nombre completo, Correo electrónico, Número de teléfono, País y Dirección de envío son obligatorios.",
  "forms.sample.productGone": "Este producto ya no está en nuestro catálogo. Elija otro, por favor.",
  "forms.sample.sent.title": "Solicitud de muestra enviada",
  "forms.sample.sent.thanks":
    "Gracias, {name}. Hemos recibido su solicitud de muestra y responderemos a {email} para confirmar el coste del envío y la fecha de despacho.",
  "forms.sample.another": "Solicitar otra muestra",

  // The quote request page.
  "forms.quote.title": "Solicitar cotización",
  "forms.quote.metaDescription":
    "Solicite precios de los productos de su lista de cotización: cantidades, calibres, envases y entrega.",
  "forms.quote.intro":
    "Indíquenos cuánto necesita de cada producto, y dónde y cuándo debe llegar. Le responderemos con precios y disponibilidad.",
  "forms.quote.empty.title": "Su lista de cotización está vacía.",
  "forms.quote.empty.text":
    "Añada los productos que le interesan con «Añadir a la cotización» y vuelva aquí para enviar una sola solicitud.",
  "forms.quote.empty.message": "O cuéntenos qué necesita en un mensaje.",
  "forms.quote.empty.contact": "Usar nuestro formulario de contacto",
  "forms.quote.yourProducts": "Sus productos",
  "forms.quote.addMore": "Añadir más productos",
  "forms.quote.yourDetails": "Sus datos",
  "forms.quote.ofProduct": "de {product}",
  "forms.quote.remove": "Eliminar",
  "forms.quote.noPreference": "Sin preferencia",
  "forms.quote.portHint": "p. ej., Jebel Ali, Róterdam",
  "forms.quote.incotermPlaceholder": "Aún no lo sé",
  "forms.quote.countryPlaceholder": "Elija su país",
  "forms.quote.monthHint": "Año y mes (AAAA-MM)",
  "forms.quote.messagePlaceholder": "Cualquier otra cosa: variedades, etiquetado, certificados, condiciones de pago...",
  "forms.quote.send": "Enviar solicitud de cotización",
  "forms.unit.MT": "TM",
  "forms.unit.kg": "kg",
  "forms.unit.cartons": "cajas",
  "forms.unit.20ft": "contenedor de 20 ft",
  "forms.unit.40ft": "contenedor de 40 ft",
  "forms.quantity.MT": { one: "{count} TM", many: "{count} TM", other: "{count} TM" },
  "forms.quantity.kg": { one: "{count} kg", many: "{count} kg", other: "{count} kg" },
  "forms.quantity.cartons": { one: "{count} caja", many: "{count} cajas", other: "{count} cajas" },
  "forms.quantity.20ft": {
    one: "{count} × contenedor de 20 ft",
    many: "{count} × contenedores de 20 ft",
    other: "{count} × contenedores de 20 ft",
  },
  "forms.quantity.40ft": {
    one: "{count} × contenedor de 40 ft",
    many: "{count} × contenedores de 40 ft",
    other: "{count} × contenedores de 40 ft",
  },

  // The summary after sending (/request-quote/sent).
  "forms.sent.title": "Solicitud de cotización enviada",
  "forms.sent.metaDescription": "Su solicitud de cotización se ha enviado.",
  "forms.sent.thanks":
    "Gracias, {name}. Hemos recibido su solicitud y responderemos a {email} con precios y disponibilidad.",
  "forms.sent.reference": "Su referencia: {reference}",
  "forms.sent.grade": "calibre {grade}",
  "forms.sent.listSeparator": ", ",
  "forms.sent.none.title": "No hay ninguna solicitud reciente que mostrar.",
  "forms.sent.none.text":
    "El resumen de una solicitud de cotización se muestra durante una hora después del envío, en el navegador desde el que se envió.",
  "forms.sent.back": "Volver a nuestros productos",
} satisfies Translated<typeof en>;
