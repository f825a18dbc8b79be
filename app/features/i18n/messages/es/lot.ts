import type en from "../en/lot";
import type { Translated } from "../../catalogue-types";

export default {
  "lot.title": "Lote {code}: {product}",
  "lot.description":
    "Dónde se cultivó el lote {code} de {product} de {company}, cuándo se cosechó y envasó, y cómo se analizó.",
  "lot.eyebrow": "Lote trazable",
  "lot.intro": "Dónde se cultivó el producto de este lote, cuándo se cosechó y envasó, y cómo se analizó.",
  "lot.code": "Código de lote",
  "lot.grade": "Calibre",
  "lot.facts": "Origen y fechas",
  "lot.origin": "Origen",
  "lot.farmRegistration": "Registro de la finca",
  "lot.harvested": "Cosechado",
  "lot.packed": "Envasado",
  "lot.phytoNumber": "Certificado fitosanitario",
  "lot.notRecorded": "Sin registrar",
  "lot.test": "Análisis de residuos",
  "lot.testLab": "Laboratorio",
  "lot.testResult": "Resultado",
  "lot.noTest": "Todavía no hay ningún análisis registrado para este lote.",
  "lot.report": "Descargar el informe del análisis",
  "lot.certificates": "Certificados del exportador",
  "lot.certificatesIntro":
    "Nuestros registros y certificaciones, cada uno con un enlace para comprobarlo con su emisor.",
  "lot.noCertificates": "Todavía no hay certificados publicados.",
  "lot.authority": "Emitido por",
  "lot.certificateNumber": "Número",
  "lot.validUntil": "Válido hasta el {date}",
  "lot.verify": "Verificar",
  "lot.verifyWith": "{name} con su emisor",
} satisfies Translated<typeof en>;
