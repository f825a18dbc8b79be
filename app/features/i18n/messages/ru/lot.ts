import type en from "../en/lot";
import type { Translated } from "../../catalogue-types";

export default {
  "lot.title": "Партия {code}: {product}",
  "lot.description":
    "Где выращена партия {code} ({product}) компании {company}, когда её собрали и упаковали и как проверили.",
  "lot.eyebrow": "Прослеживаемая партия",
  "lot.intro": "Где выращена продукция этой партии, когда её собрали и упаковали и как её проверили.",
  "lot.code": "Код партии",
  "lot.grade": "Сорт",
  "lot.facts": "Происхождение и даты",
  "lot.origin": "Происхождение",
  "lot.farmRegistration": "Регистрация хозяйства",
  "lot.harvested": "Дата сбора",
  "lot.packed": "Дата упаковки",
  "lot.phytoNumber": "Фитосанитарный сертификат",
  "lot.notRecorded": "Не указано",
  "lot.test": "Анализ на остатки пестицидов",
  "lot.testLab": "Лаборатория",
  "lot.testResult": "Результат",
  "lot.noTest": "Для этой партии анализ пока не записан.",
  "lot.report": "Скачать протокол испытаний",
  "lot.certificates": "Сертификаты экспортёра",
  "lot.certificatesIntro": "Наши регистрации и сертификаты, у каждого — ссылка для проверки у выдавшей организации.",
  "lot.noCertificates": "Сертификаты пока не указаны.",
  "lot.authority": "Выдан",
  "lot.certificateNumber": "Номер",
  "lot.validUntil": "Действителен до {date}",
  "lot.verify": "Проверить",
  "lot.verifyWith": "{name} у выдавшей организации",
} satisfies Translated<typeof en>;
