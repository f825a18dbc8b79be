/**
 * The buyers' forms in English (see chrome.ts for the conventions): the contact form, the quote request, its summary
 * page, their validation messages (whole sentences naming the field as `{field}`), refusals and toasts.
 */
export default {
  // Field names, as labels and inside the validation messages.
  "forms.field.fullName": "Full Name",
  "forms.field.email": "Email Address",
  "forms.field.phone": "Phone Number",
  "forms.field.subject": "Subject",
  "forms.field.message": "Message",
  "forms.field.company": "Company",
  "forms.field.country": "Country",
  "forms.field.destinationPort": "Destination Port",
  "forms.field.incoterm": "Incoterm",
  "forms.field.deliveryMonth": "Target Delivery Month",
  "forms.field.quantity": "Quantity",
  "forms.field.unit": "Unit",
  "forms.field.grade": "Grade",
  "forms.field.packaging": "Packaging",

  // Validation (the browser's check before sending and the server's, alike).
  "forms.error.required": "{field} is required.",
  "forms.error.tooLong": "{field} is too long.",
  "forms.error.lineBreaks": "Line breaks are not allowed in {field}.",
  "forms.error.email": "Please enter a valid email address.",
  "forms.error.messageCharacters": "The message contains characters that are not allowed.",
  "forms.error.quantityNumber": "Quantity must be a number.",
  "forms.error.quantityPositive": "Quantity must be more than 0.",
  "forms.error.quantityMax": "Quantity must be at most {max}.",
  "forms.error.unit": "Choose a unit: {units}.",
  "forms.error.country": "Choose your country from the list.",
  "forms.error.incoterm": "Choose an Incoterm: {incoterms}.",
  "forms.error.monthFormat": "{field} must be a month (YYYY-MM).",
  "forms.error.monthPast": "{field} must not be in the past.",
  "forms.error.noProducts": "Add at least one product to your quote list.",
  "forms.toast.missingFields": "Missing Fields",
  "forms.contact.requiredFields": "Full Name, Email Address, Subject and Message are required.",
  "forms.quote.requiredFields":
    "Company, Full Name, Email Address, Country and a quantity for each product are required.",

  // Refusals of a valid form.
  "forms.refusal.tooMany.title": "Too Many Messages",
  "forms.refusal.tooMany.message": {
    one: "You have sent several messages in a short time. Please try again in {count} minute, or write to us by email.",
    other:
      "You have sent several messages in a short time. Please try again in {count} minutes, or write to us by email.",
  },
  "forms.refusal.messageNotSent.title": "Message Not Sent",
  "forms.refusal.messageNotSent.message": "Your message could not be saved. Please try again in a moment.",
  "forms.refusal.requestNotSent.title": "Request Not Sent",
  "forms.refusal.requestNotSent.message": "Your request could not be saved. Please try again in a moment.",
  "forms.refusal.productGone.title": "Product Not Available",
  "forms.refusal.productGone.message":
    "A product of your list is no longer in our catalogue. Please look at your list again.",
  "forms.refusal.invalidChoice": "Invalid Choice",
  "forms.refusal.grade": "Choose one of the grades offered for {product}.",
  "forms.refusal.packaging": "Choose one of the packaging options offered for {product}.",
  "forms.refusal.duplicate": "Each product may appear once in a quote request.",

  // The quote list's toasts ('Add to Quote', 'Remove').
  "forms.toast.added": "Added to Quote",
  "forms.toast.added.message": "{product} is in your quote list.",
  "forms.toast.already": "Already in Quote",
  "forms.toast.already.message": "{product} is already in your quote list.",
  "forms.toast.removed": "Removed from Quote",
  "forms.toast.removed.message": "{product} is no longer in your quote list.",
  "forms.toast.removed.unknown": "The product is no longer in your quote list.",
  "forms.toast.removed.notInList": "It was not in your list.",
  "forms.toast.notFound": "Product Not Found",
  "forms.toast.notFound.message": "This product is no longer in our catalogue.",
  "forms.toast.full": "Quote List Full",
  "forms.toast.full.message": {
    one: "Your quote list holds at most {count} product. Send this request first, or remove one.",
    other: "Your quote list holds at most {count} products. Send this request first, or remove one.",
  },

  // Shared by both forms.
  "forms.sending": "Sending...",
  "forms.browseProducts": "Browse Our Products",
  "forms.replyTime": "We usually reply within one business day.",

  // The contact page.
  "forms.contact.title": "Contact Us",
  "forms.contact.metaDescription": "Ask for a quote or samples. {address}. Email {email}, phone {phone}.",
  "forms.contact.intro": "Tell us what you need: variety, size, packing and destination port.",
  "forms.contact.getInTouch": "Get in Touch",
  "forms.contact.officeAddress": "Office Address",
  "forms.contact.email": "Email",
  "forms.contact.phone": "Phone",
  "forms.contact.chat": "Chat",
  "forms.contact.map": "Map of our office",
  "forms.contact.sendUsAMessage": "Send Us a Message",
  "forms.contact.send": "Send Message",
  "forms.contact.sent.title": "Message Sent!",
  "forms.contact.sent.message": "Thank you for contacting us. We will get back to you shortly.",
  "forms.contact.inquirySubject": "Inquiry about {product}",

  // The sample request page (/request-sample) and its 'Request a Sample' links (issue 28).
  "forms.field.product": "Product",
  "forms.field.sampleKg": "Quantity (kg)",
  "forms.field.courierAddress": "Courier Address",
  "forms.error.sampleKgMax": "A sample can weigh at most {max} kg.",
  "forms.sample.request": "Request a Sample",
  "forms.sample.title": "Request a Sample",
  "forms.sample.metaDescription": "Ask for a sample of our produce, sent by courier to your address.",
  "forms.sample.intro":
    "Choose the product and how much you need, and tell us where the courier should deliver it. We reply to confirm the courier charges and the dispatch date.",
  "forms.sample.yourSample": "Your Sample",
  "forms.sample.productPlaceholder": "Choose a product",
  "forms.sample.kgHint": "Up to {max} kg.",
  "forms.sample.phoneHint": "The courier may call this number to deliver.",
  "forms.sample.addressHint": "Street and building, city, postal code and country, as the courier should write them.",
  "forms.sample.messagePlaceholder": "Anything else: variety, grade, packing, what the sample is for...",
  "forms.sample.send": "Send Sample Request",
  "forms.sample.requiredFields":
    "Product, Quantity (kg), Company, Full Name, Email Address, Phone Number, Country and Courier Address are required.",
  "forms.sample.productGone": "This product is no longer in our catalogue. Please choose another one.",
  "forms.sample.sent.title": "Sample Request Sent",
  "forms.sample.sent.thanks":
    "Thank you, {name}. We have received your sample request and will reply to {email} to confirm the courier charges and the dispatch date.",
  "forms.sample.another": "Request Another Sample",

  // The quote request page.
  "forms.quote.title": "Request a Quote",
  "forms.quote.metaDescription":
    "Ask for prices on the products in your quote list: quantities, grades, packaging and delivery.",
  "forms.quote.intro":
    "Tell us how much you need of each product, and where and when it should arrive. We reply with prices and availability.",
  "forms.quote.empty.title": "Your quote list is empty.",
  "forms.quote.empty.text":
    "Add the products you are interested in with 'Add to Quote', then come back here to send one request.",
  "forms.quote.empty.message": "Or tell us what you need in a message.",
  "forms.quote.empty.contact": "Use Our Contact Form",
  "forms.quote.yourProducts": "Your Products",
  "forms.quote.addMore": "Add More Products",
  "forms.quote.yourDetails": "Your Details",
  "forms.quote.ofProduct": "of {product}",
  "forms.quote.remove": "Remove",
  "forms.quote.noPreference": "No preference",
  "forms.quote.portHint": "e.g. Jebel Ali, Rotterdam",
  "forms.quote.incotermPlaceholder": "Not sure yet",
  "forms.quote.countryPlaceholder": "Choose your country",
  "forms.quote.monthHint": "Year and month (YYYY-MM)",
  "forms.quote.messagePlaceholder": "Anything else: varieties, labelling, certificates, payment terms...",
  "forms.quote.send": "Send Quote Request",
  "forms.unit.MT": "MT",
  "forms.unit.kg": "kg",
  "forms.unit.cartons": "cartons",
  "forms.unit.20ft": "20 ft container",
  "forms.unit.40ft": "40 ft container",
  "forms.quantity.MT": { one: "{count} MT", other: "{count} MT" },
  "forms.quantity.kg": { one: "{count} kg", other: "{count} kg" },
  "forms.quantity.cartons": { one: "{count} cartons", other: "{count} cartons" },
  "forms.quantity.20ft": { one: "{count} × 20 ft container", other: "{count} × 20 ft containers" },
  "forms.quantity.40ft": { one: "{count} × 40 ft container", other: "{count} × 40 ft containers" },

  // The summary after sending (/request-quote/sent).
  "forms.sent.title": "Quote Request Sent",
  "forms.sent.metaDescription": "Your quote request has been sent.",
  "forms.sent.thanks":
    "Thank you, {name}. We have received your request and will reply to {email} with prices and availability.",
  "forms.sent.reference": "Your reference: {reference}",
  "forms.sent.grade": "grade {grade}",
  "forms.sent.listSeparator": ", ",
  "forms.sent.none.title": "There is no recent request to show.",
  "forms.sent.none.text":
    "The summary of a quote request is shown for an hour after sending, in the browser that sent it.",
  "forms.sent.back": "Back to Our Products",
} as const;
