import type en from "../en/forms";
import type { Translated } from "../../catalogue-types";

export default {
  // Field names, as labels and inside the validation messages.
  "forms.field.fullName": "Nom complet",
  "forms.field.email": "Adresse e-mail",
  "forms.field.phone": "Numéro de téléphone",
  "forms.field.subject": "Objet",
  "forms.field.message": "Message",
  "forms.field.company": "Société",
  "forms.field.country": "Pays",
  "forms.field.destinationPort": "Port de destination",
  "forms.field.incoterm": "Incoterm",
  "forms.field.deliveryMonth": "Mois de livraison souhaité",
  "forms.field.quantity": "Quantité",
  "forms.field.unit": "Unité",
  "forms.field.grade": "Calibre",
  "forms.field.packaging": "Conditionnement",

  // Validation (the browser's check before sending and the server's, alike).
  "forms.error.required": "Le champ « {field} » est obligatoire.",
  "forms.error.tooLong": "Le champ « {field} » est trop long.",
  "forms.error.lineBreaks": "Les retours à la ligne ne sont pas autorisés dans le champ « {field} ».",
  "forms.error.email": "Veuillez saisir une adresse e-mail valide.",
  "forms.error.messageCharacters": "Le message contient des caractères non autorisés.",
  "forms.error.quantityNumber": "La quantité doit être un nombre.",
  "forms.error.quantityPositive": "La quantité doit être supérieure à 0.",
  "forms.error.quantityMax": "La quantité ne doit pas dépasser {max}.",
  "forms.error.unit": "Choisissez une unité : {units}.",
  "forms.error.country": "Choisissez votre pays dans la liste.",
  "forms.error.incoterm": "Choisissez un Incoterm : {incoterms}.",
  "forms.error.monthFormat": "Le champ « {field} » doit être un mois (AAAA-MM).",
  "forms.error.monthPast": "Le champ « {field} » ne peut pas être dans le passé.",
  "forms.error.noProducts": "Ajoutez au moins un produit à votre liste de devis.",
  "forms.toast.missingFields": "Champs manquants",
  "forms.contact.requiredFields": "Les champs Nom complet, Adresse e-mail, Objet et Message sont obligatoires.",
  "forms.quote.requiredFields":
    "Les champs Société, Nom complet, Adresse e-mail et Pays, ainsi qu'une quantité pour chaque produit, sont obligatoires.",

  // Refusals of a valid form.
  "forms.refusal.tooMany.title": "Trop de messages",
  "forms.refusal.tooMany.message": {
    one: "Vous avez envoyé plusieurs messages en peu de temps. Veuillez réessayer dans {count} minute ou nous écrire par e-mail.",
    many: "Vous avez envoyé plusieurs messages en peu de temps. Veuillez réessayer dans {count} minutes ou nous écrire par e-mail.",
    other:
      "Vous avez envoyé plusieurs messages en peu de temps. Veuillez réessayer dans {count} minutes ou nous écrire par e-mail.",
  },
  "forms.refusal.messageNotSent.title": "Message non envoyé",
  "forms.refusal.messageNotSent.message":
    "Votre message n'a pas pu être enregistré. Veuillez réessayer dans un instant.",
  "forms.refusal.requestNotSent.title": "Demande non envoyée",
  "forms.refusal.requestNotSent.message":
    "Votre demande n'a pas pu être enregistrée. Veuillez réessayer dans un instant.",
  "forms.refusal.productGone.title": "Produit indisponible",
  "forms.refusal.productGone.message":
    "Un produit de votre liste ne figure plus dans notre catalogue. Veuillez vérifier votre liste.",
  "forms.refusal.invalidChoice": "Choix non valide",
  "forms.refusal.grade": "Choisissez l'un des calibres proposés pour {product}.",
  "forms.refusal.packaging": "Choisissez l'un des conditionnements proposés pour {product}.",
  "forms.refusal.duplicate": "Chaque produit ne peut figurer qu'une seule fois dans une demande de devis.",

  // The quote list's toasts ('Add to Quote', 'Remove').
  "forms.toast.added": "Ajouté au devis",
  "forms.toast.added.message": "{product} figure dans votre liste de devis.",
  "forms.toast.already": "Déjà dans le devis",
  "forms.toast.already.message": "{product} figure déjà dans votre liste de devis.",
  "forms.toast.removed": "Retiré du devis",
  "forms.toast.removed.message": "{product} ne figure plus dans votre liste de devis.",
  "forms.toast.removed.unknown": "Le produit ne figure plus dans votre liste de devis.",
  "forms.toast.removed.notInList": "Il ne figurait pas dans votre liste.",
  "forms.toast.notFound": "Produit introuvable",
  "forms.toast.notFound.message": "Ce produit ne figure plus dans notre catalogue.",
  "forms.toast.full": "Liste de devis pleine",
  "forms.toast.full.message": {
    one: "Votre liste de devis peut contenir au maximum {count} produit. Envoyez d'abord cette demande ou retirez un produit.",
    many: "Votre liste de devis peut contenir au maximum {count} produits. Envoyez d'abord cette demande ou retirez un produit.",
    other:
      "Votre liste de devis peut contenir au maximum {count} produits. Envoyez d'abord cette demande ou retirez un produit.",
  },

  // Shared by both forms.
  "forms.sending": "Envoi en cours...",
  "forms.browseProducts": "Découvrir nos produits",
  "forms.replyTime": "Nous répondons généralement sous un jour ouvré.",

  // The contact page.
  "forms.contact.title": "Contactez-nous",
  "forms.contact.metaDescription":
    "Demandez un devis ou des échantillons. {address}. E-mail : {email}, téléphone : {phone}.",
  "forms.contact.intro":
    "Dites-nous ce dont vous avez besoin : variété, calibre, conditionnement et port de destination.",
  "forms.contact.getInTouch": "Nous contacter",
  "forms.contact.officeAddress": "Adresse du bureau",
  "forms.contact.email": "E-mail",
  "forms.contact.phone": "Téléphone",
  "forms.contact.chat": "Messagerie",
  "forms.contact.map": "Plan d'accès à notre bureau",
  "forms.contact.sendUsAMessage": "Envoyez-nous un message",
  "forms.contact.send": "Envoyer le message",
  "forms.contact.sent.title": "Message envoyé !",
  "forms.contact.sent.message": "Merci de nous avoir contactés. Nous vous répondrons très prochainement.",
  "forms.contact.inquirySubject": "Demande d'informations sur {product}",

  "forms.field.product": "Produit",
  "forms.field.sampleKg": "Quantité (kg)",
  "forms.field.courierAddress": "Adresse de livraison",
  "forms.error.sampleKgMax": "Un échantillon peut peser au plus {max} kg.",
  "forms.sample.request": "Demander un échantillon",
  "forms.sample.title": "Demander un échantillon",
  "forms.sample.metaDescription": "Demandez un échantillon de nos produits, envoyé par coursier à votre adresse.",
  "forms.sample.intro":
    "Choisissez le produit et la quantité souhaitée, et indiquez-nous où le coursier doit le livrer. Nous vous répondrons pour confirmer les frais d'envoi et la date d'expédition.",
  "forms.sample.yourSample": "Votre échantillon",
  "forms.sample.productPlaceholder": "Choisissez un produit",
  "forms.sample.kgHint": "Jusqu'à {max} kg.",
  "forms.sample.phoneHint": "Le coursier peut appeler ce numéro pour la livraison.",
  "forms.sample.addressHint": "Rue et bâtiment, ville, code postal et pays, tels que le coursier doit les écrire.",
  "forms.sample.messagePlaceholder": "Autre précision : variété, calibre, emballage, usage de l'échantillon...",
  "forms.sample.send": "Envoyer la demande d'échantillon",
  "forms.sample.requiredFields":
    "Les champs Produit, Quantité (kg), Société, Nom complet, Adresse e-mail, Numéro de téléphone, Pays et Adresse de livraison sont obligatoires.",
  "forms.sample.productGone": "Ce produit ne figure plus dans notre catalogue. Veuillez en choisir un autre.",
  "forms.sample.sent.title": "Demande d'échantillon envoyée",
  "forms.sample.sent.thanks":
    "Merci, {name}. Nous avons bien reçu votre demande d'échantillon et vous répondrons à {email} pour confirmer les frais d'envoi et la date d'expédition.",
  "forms.sample.another": "Demander un autre échantillon",

  // The quote request page.
  "forms.quote.title": "Demander un devis",
  "forms.quote.metaDescription":
    "Demandez les prix des produits de votre liste de devis : quantités, calibres, conditionnement et livraison.",
  "forms.quote.intro":
    "Indiquez-nous la quantité souhaitée pour chaque produit, ainsi que le lieu et la date d'arrivée. Nous vous répondrons avec nos prix et nos disponibilités.",
  "forms.quote.empty.title": "Votre liste de devis est vide.",
  "forms.quote.empty.text":
    "Ajoutez les produits qui vous intéressent avec « Ajouter au devis », puis revenez ici pour envoyer une seule demande.",
  "forms.quote.empty.message": "Ou décrivez-nous vos besoins dans un message.",
  "forms.quote.empty.contact": "Utiliser notre formulaire de contact",
  "forms.quote.yourProducts": "Vos produits",
  "forms.quote.addMore": "Ajouter d'autres produits",
  "forms.quote.yourDetails": "Vos coordonnées",
  "forms.quote.ofProduct": "de {product}",
  "forms.quote.remove": "Retirer",
  "forms.quote.noPreference": "Sans préférence",
  "forms.quote.portHint": "p. ex. Jebel Ali, Rotterdam",
  "forms.quote.incotermPlaceholder": "Pas encore décidé",
  "forms.quote.countryPlaceholder": "Choisissez votre pays",
  "forms.quote.monthHint": "Année et mois (AAAA-MM)",
  "forms.quote.messagePlaceholder": "Autres précisions : variétés, étiquetage, certificats, conditions de paiement...",
  "forms.quote.send": "Envoyer la demande de devis",
  "forms.unit.MT": "t",
  "forms.unit.kg": "kg",
  "forms.unit.cartons": "cartons",
  "forms.unit.20ft": "conteneur 20 pieds",
  "forms.unit.40ft": "conteneur 40 pieds",
  "forms.quantity.MT": { one: "{count} t", many: "{count} t", other: "{count} t" },
  "forms.quantity.kg": { one: "{count} kg", many: "{count} kg", other: "{count} kg" },
  "forms.quantity.cartons": { one: "{count} carton", many: "{count} cartons", other: "{count} cartons" },
  "forms.quantity.20ft": {
    one: "{count} × conteneur 20 pieds",
    many: "{count} × conteneurs 20 pieds",
    other: "{count} × conteneurs 20 pieds",
  },
  "forms.quantity.40ft": {
    one: "{count} × conteneur 40 pieds",
    many: "{count} × conteneurs 40 pieds",
    other: "{count} × conteneurs 40 pieds",
  },

  // The summary after sending (/request-quote/sent).
  "forms.sent.title": "Demande de devis envoyée",
  "forms.sent.metaDescription": "Votre demande de devis a été envoyée.",
  "forms.sent.thanks":
    "Merci, {name}. Nous avons bien reçu votre demande et vous répondrons à {email} en vous indiquant nos prix et nos disponibilités.",
  "forms.sent.reference": "Votre référence : {reference}",
  "forms.sent.grade": "calibre {grade}",
  "forms.sent.listSeparator": ", ",
  "forms.sent.none.title": "Aucune demande récente à afficher.",
  "forms.sent.none.text":
    "Le récapitulatif d'une demande de devis reste affiché pendant une heure après l'envoi, dans le navigateur qui l'a envoyée.",
  "forms.sent.back": "Retour à nos produits",
} satisfies Translated<typeof en>;
