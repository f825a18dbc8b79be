import type en from "../en/forms";
import type { Translated } from "../../catalogue-types";

export default {
  // Field names, as labels and inside the validation messages.
  "forms.field.fullName": "Полное имя",
  "forms.field.email": "Адрес эл. почты",
  "forms.field.phone": "Номер телефона",
  "forms.field.subject": "Тема",
  "forms.field.message": "Сообщение",
  "forms.field.company": "Компания",
  "forms.field.country": "Страна",
  "forms.field.destinationPort": "Порт назначения",
  "forms.field.incoterm": "Условия Incoterms",
  "forms.field.deliveryMonth": "Желаемый месяц поставки",
  "forms.field.quantity": "Количество",
  "forms.field.unit": "Единица измерения",
  "forms.field.grade": "Сорт",
  "forms.field.packaging": "Упаковка",

  // Validation (the browser's check before sending and the server's, alike).
  "forms.error.required": "Поле «{field}» обязательно для заполнения.",
  "forms.error.tooLong": "Поле «{field}» слишком длинное.",
  "forms.error.lineBreaks": "В поле «{field}» не допускаются переносы строк.",
  "forms.error.email": "Пожалуйста, введите действительный адрес эл. почты.",
  "forms.error.messageCharacters": "Сообщение содержит недопустимые символы.",
  "forms.error.quantityNumber": "Количество должно быть числом.",
  "forms.error.quantityPositive": "Количество должно быть больше 0.",
  "forms.error.quantityMax": "Количество должно быть не больше {max}.",
  "forms.error.unit": "Выберите единицу измерения: {units}.",
  "forms.error.country": "Выберите свою страну из списка.",
  "forms.error.incoterm": "Выберите условия Incoterms: {incoterms}.",
  "forms.error.monthFormat": "В поле «{field}» укажите месяц (ГГГГ-ММ).",
  "forms.error.monthPast": "В поле «{field}» не может быть прошедший месяц.",
  "forms.error.noProducts": "Добавьте в список запроса хотя бы один продукт.",
  "forms.toast.missingFields": "Не заполнены поля",
  "forms.contact.requiredFields": "Поля «Полное имя», «Адрес эл. почты», «Тема» и «Сообщение» обязательны.",
  "forms.quote.requiredFields":
    "Обязательны поля «Компания», «Полное имя», «Адрес эл. почты», «Страна», а также количество для каждого продукта.",

  // Refusals of a valid form.
  "forms.refusal.tooMany.title": "Слишком много сообщений",
  "forms.refusal.tooMany.message": {
    one: "Вы отправили несколько сообщений за короткое время. Пожалуйста, повторите попытку через {count} минуту или напишите нам по эл. почте.",
    few: "Вы отправили несколько сообщений за короткое время. Пожалуйста, повторите попытку через {count} минуты или напишите нам по эл. почте.",
    many: "Вы отправили несколько сообщений за короткое время. Пожалуйста, повторите попытку через {count} минут или напишите нам по эл. почте.",
    other:
      "Вы отправили несколько сообщений за короткое время. Пожалуйста, повторите попытку через {count} минуты или напишите нам по эл. почте.",
  },
  "forms.refusal.messageNotSent.title": "Сообщение не отправлено",
  "forms.refusal.messageNotSent.message":
    "Не удалось сохранить ваше сообщение. Пожалуйста, повторите попытку через несколько минут.",
  "forms.refusal.requestNotSent.title": "Запрос не отправлен",
  "forms.refusal.requestNotSent.message":
    "Не удалось сохранить ваш запрос. Пожалуйста, повторите попытку через несколько минут.",
  "forms.refusal.productGone.title": "Продукт недоступен",
  "forms.refusal.productGone.message":
    "Один из продуктов вашего списка больше не представлен в нашем каталоге. Пожалуйста, проверьте список ещё раз.",
  "forms.refusal.invalidChoice": "Недопустимый выбор",
  "forms.refusal.grade": "Выберите один из сортов, предлагаемых для продукта «{product}».",
  "forms.refusal.packaging": "Выберите один из вариантов упаковки, предлагаемых для продукта «{product}».",
  "forms.refusal.duplicate": "Каждый продукт может быть указан в запросе только один раз.",

  // The quote list's toasts ('Add to Quote', 'Remove').
  "forms.toast.added": "Добавлено в запрос",
  "forms.toast.added.message": "Продукт «{product}» добавлен в ваш список запроса.",
  "forms.toast.already": "Уже в запросе",
  "forms.toast.already.message": "Продукт «{product}» уже есть в вашем списке запроса.",
  "forms.toast.removed": "Удалено из запроса",
  "forms.toast.removed.message": "Продукт «{product}» удалён из вашего списка запроса.",
  "forms.toast.removed.unknown": "Продукт удалён из вашего списка запроса.",
  "forms.toast.removed.notInList": "Его не было в вашем списке.",
  "forms.toast.notFound": "Продукт не найден",
  "forms.toast.notFound.message": "Этого продукта больше нет в нашем каталоге.",
  "forms.toast.full": "Список запроса заполнен",
  "forms.toast.full.message": {
    one: "В список запроса можно добавить не более {count} продукта. Сначала отправьте этот запрос или удалите один продукт.",
    few: "В список запроса можно добавить не более {count} продуктов. Сначала отправьте этот запрос или удалите один продукт.",
    many: "В список запроса можно добавить не более {count} продуктов. Сначала отправьте этот запрос или удалите один продукт.",
    other:
      "В список запроса можно добавить не более {count} продукта. Сначала отправьте этот запрос или удалите один продукт.",
  },

  // Shared by both forms.
  "forms.sending": "Отправка...",
  "forms.browseProducts": "Смотреть нашу продукцию",
  "forms.replyTime": "Обычно мы отвечаем в течение одного рабочего дня.",

  // The contact page.
  "forms.contact.title": "Контакты",
  "forms.contact.metaDescription":
    "Запросите коммерческое предложение или образцы. {address}. Эл. почта: {email}, телефон: {phone}.",
  "forms.contact.intro": "Расскажите, что вам нужно: сорт, калибр, упаковка и порт назначения.",
  "forms.contact.getInTouch": "Свяжитесь с нами",
  "forms.contact.officeAddress": "Адрес офиса",
  "forms.contact.email": "Эл. почта",
  "forms.contact.phone": "Телефон",
  "forms.contact.chat": "Чат",
  "forms.contact.map": "Карта с нашим офисом",
  "forms.contact.sendUsAMessage": "Напишите нам",
  "forms.contact.send": "Отправить сообщение",
  "forms.contact.sent.title": "Сообщение отправлено!",
  "forms.contact.sent.message": "Спасибо, что связались с нами. Мы скоро ответим вам.",
  "forms.contact.inquirySubject": "Запрос о продукте: {product}",

  "forms.field.product": "Продукт",
  "forms.field.sampleKg": "Количество (кг)",
  "forms.field.courierAddress": "Адрес для курьера",
  "forms.error.sampleKgMax": "Образец может весить не более {max} кг.",
  "forms.sample.request": "Запросить образец",
  "forms.sample.title": "Запросить образец",
  "forms.sample.metaDescription": "Запросите образец нашей продукции с доставкой курьером по вашему адресу.",
  "forms.sample.intro":
    "Выберите продукт и нужное количество и укажите, куда курьер должен его доставить. Мы ответим, чтобы подтвердить стоимость доставки и дату отправки.",
  "forms.sample.yourSample": "Ваш образец",
  "forms.sample.productPlaceholder": "Выберите продукт",
  "forms.sample.kgHint": "Не более {max} кг.",
  "forms.sample.phoneHint": "Курьер может позвонить по этому номеру при доставке.",
  "forms.sample.addressHint": "Улица и дом, город, почтовый индекс и страна — так, как их должен написать курьер.",
  "forms.sample.messagePlaceholder": "Что-то ещё: сорт, калибр, упаковка, для чего нужен образец...",
  "forms.sample.send": "Отправить запрос образца",
  "forms.sample.requiredFields":
    "Обязательны поля «Продукт», «Количество (кг)», «Компания», «Полное имя», «Адрес эл. почты», «Номер телефона», «Страна» и «Адрес для курьера».",
  "forms.sample.productGone": "Этого продукта больше нет в нашем каталоге. Пожалуйста, выберите другой.",
  "forms.sample.sent.title": "Запрос образца отправлен",
  "forms.sample.sent.thanks":
    "Спасибо, {name}. Мы получили ваш запрос образца и ответим на адрес {email}, чтобы подтвердить стоимость доставки и дату отправки.",
  "forms.sample.another": "Запросить другой образец",

  // The quote request page.
  "forms.quote.title": "Запросить коммерческое предложение",
  "forms.quote.metaDescription": "Запросите цены на продукты из вашего списка: количество, сорта, упаковка и поставка.",
  "forms.quote.intro":
    "Укажите, сколько вам нужно каждого продукта, а также куда и когда его доставить. Мы ответим с ценами и информацией о наличии.",
  "forms.quote.empty.title": "Ваш список запроса пуст.",
  "forms.quote.empty.text":
    "Добавьте интересующие вас продукты кнопкой «Добавить в запрос», а затем вернитесь сюда, чтобы отправить один общий запрос.",
  "forms.quote.empty.message": "Или опишите, что вам нужно, в сообщении.",
  "forms.quote.empty.contact": "Воспользуйтесь формой обратной связи",
  "forms.quote.yourProducts": "Ваши продукты",
  "forms.quote.addMore": "Добавить другие продукты",
  "forms.quote.yourDetails": "Ваши данные",
  "forms.quote.ofProduct": "продукта «{product}»",
  "forms.quote.remove": "Удалить",
  "forms.quote.noPreference": "Без предпочтений",
  "forms.quote.portHint": "напр. Джебель-Али, Роттердам",
  "forms.quote.incotermPlaceholder": "Пока не определились",
  "forms.quote.countryPlaceholder": "Выберите свою страну",
  "forms.quote.monthHint": "Год и месяц (ГГГГ-ММ)",
  "forms.quote.messagePlaceholder": "Что-нибудь ещё: сорта, маркировка, сертификаты, условия оплаты...",
  "forms.quote.send": "Отправить запрос",
  "forms.unit.MT": "т",
  "forms.unit.kg": "кг",
  "forms.unit.cartons": "коробки",
  "forms.unit.20ft": "20-футовый контейнер",
  "forms.unit.40ft": "40-футовый контейнер",
  "forms.quantity.MT": { one: "{count} т", few: "{count} т", many: "{count} т", other: "{count} т" },
  "forms.quantity.kg": { one: "{count} кг", few: "{count} кг", many: "{count} кг", other: "{count} кг" },
  "forms.quantity.cartons": {
    one: "{count} коробка",
    few: "{count} коробки",
    many: "{count} коробок",
    other: "{count} коробки",
  },
  "forms.quantity.20ft": {
    one: "{count} × 20-футовый контейнер",
    few: "{count} × 20-футовых контейнера",
    many: "{count} × 20-футовых контейнеров",
    other: "{count} × 20-футового контейнера",
  },
  "forms.quantity.40ft": {
    one: "{count} × 40-футовый контейнер",
    few: "{count} × 40-футовых контейнера",
    many: "{count} × 40-футовых контейнеров",
    other: "{count} × 40-футового контейнера",
  },

  // The summary after sending (/request-quote/sent).
  "forms.sent.title": "Запрос отправлен",
  "forms.sent.metaDescription": "Ваш запрос коммерческого предложения отправлен.",
  "forms.sent.thanks":
    "Спасибо, {name}. Мы получили ваш запрос и пришлём цены и информацию о наличии на адрес {email}.",
  "forms.sent.reference": "Номер вашего запроса: {reference}",
  "forms.sent.grade": "сорт {grade}",
  "forms.sent.listSeparator": ", ",
  "forms.sent.none.title": "Нет недавнего запроса для отображения.",
  "forms.sent.none.text":
    "Сводка запроса коммерческого предложения отображается в течение часа после отправки в том браузере, из которого он был отправлен.",
  "forms.sent.back": "Вернуться к продукции",
} satisfies Translated<typeof en>;
