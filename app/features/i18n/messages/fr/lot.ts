import type en from "../en/lot";
import type { Translated } from "../../catalogue-types";

export default {
  "lot.title": "Lot {code} : {product}",
  "lot.description":
    "Où le lot {code} de {product} de {company} a été cultivé, quand il a été récolté et conditionné, et comment il a été analysé.",
  "lot.eyebrow": "Lot traçable",
  "lot.intro":
    "Où les produits de ce lot ont été cultivés, quand ils ont été récoltés et conditionnés, et comment ils ont été analysés.",
  "lot.code": "Code du lot",
  "lot.grade": "Calibre",
  "lot.facts": "Origine et dates",
  "lot.origin": "Origine",
  "lot.farmRegistration": "Enregistrement de l'exploitation",
  "lot.harvested": "Récolté le",
  "lot.packed": "Conditionné le",
  "lot.phytoNumber": "Certificat phytosanitaire",
  "lot.notRecorded": "Non renseigné",
  "lot.test": "Analyse des résidus",
  "lot.testLab": "Laboratoire",
  "lot.testResult": "Résultat",
  "lot.noTest": "Aucune analyse n'est encore enregistrée pour ce lot.",
  "lot.report": "Télécharger le rapport d'analyse",
  "lot.certificates": "Les certificats de l'exportateur",
  "lot.certificatesIntro":
    "Nos enregistrements et certifications, chacun avec un lien pour le vérifier auprès de son émetteur.",
  "lot.noCertificates": "Aucun certificat n'est encore publié.",
  "lot.authority": "Délivré par",
  "lot.certificateNumber": "Numéro",
  "lot.validUntil": "Valable jusqu'au {date}",
  "lot.verify": "Vérifier",
  "lot.verifyWith": "{name} auprès de son émetteur",
} satisfies Translated<typeof en>;
