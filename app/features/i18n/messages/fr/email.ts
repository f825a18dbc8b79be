import type en from "../en/email";
import type { Translated } from "../../catalogue-types";

export default {
  "email.receipt.subject": "Nous avons bien reçu votre demande de devis ({reference})",
  "email.receipt.greeting": "Bonjour {name},",
  "email.receipt.greetingNoName": "Madame, Monsieur,",
  "email.receipt.thanks":
    "Merci pour votre demande de devis. Nous l'avons bien reçue et vous répondrons en vous indiquant nos prix et nos disponibilités.",
  "email.receipt.reference": "Votre référence : {reference}",
  "email.receipt.products": "Produits",
  "email.receipt.line": "{product} : {details}",
  "email.receipt.grade": "calibre {grade}",
  "email.receipt.packaging": "conditionnement {packaging}",
  "email.receipt.listSeparator": ", ",
  "email.receipt.incoterm": "Incoterm : {incoterm}",
  "email.receipt.delivery": "Livraison souhaitée : {month}",
  "email.receipt.next": "La suite",
  "email.receipt.replyTime": "Nous répondons généralement sous un jour ouvré.",
  "email.receipt.change": "Pour toute modification, il vous suffit de répondre à cet e-mail.",
  "email.receipt.chat": "Pour nous parler plus rapidement, écrivez-nous sur WhatsApp : {chat}",
  "email.sampleReceipt.subject": "Nous avons reçu votre demande d'échantillon ({reference})",
  "email.sampleReceipt.thanks":
    "Merci pour votre demande d'échantillon. Nous l'avons bien reçue et vous répondrons pour confirmer les frais d'envoi et la date d'expédition.",
  "email.sampleReceipt.sample": "Échantillon",
  "email.sampleReceipt.courier":
    "Le coursier le livrera à l'adresse indiquée dans votre demande. Pour la corriger, il suffit de répondre à cet e-mail.",
} satisfies Translated<typeof en>;
