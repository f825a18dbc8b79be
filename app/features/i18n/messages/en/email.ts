/**
 * The buyer's receipt for a quote request, in English (see chrome.ts for the conventions). The team's
 * notification stays English and is not here.
 */
export default {
  "email.receipt.subject": "We received your quote request ({reference})",
  "email.receipt.greeting": "Dear {name},",
  "email.receipt.greetingNoName": "Dear Sir or Madam,",
  "email.receipt.thanks":
    "Thank you for your quote request. We have received it and will reply with our prices and availability.",
  "email.receipt.reference": "Your reference: {reference}",
  "email.receipt.products": "Products",
  "email.receipt.line": "{product}: {details}",
  "email.receipt.grade": "grade {grade}",
  "email.receipt.packaging": "packaging {packaging}",
  "email.receipt.listSeparator": ", ",
  "email.receipt.incoterm": "Incoterm: {incoterm}",
  "email.receipt.delivery": "Target Delivery: {month}",
  "email.receipt.next": "What happens next",
  "email.receipt.replyTime": "We usually reply within one business day.",
  "email.receipt.change": "To change anything, simply reply to this email.",
  "email.receipt.chat": "To talk to us sooner, chat with us on WhatsApp: {chat}",
  // The buyer's receipt for a sample request (issue 28); the rest of it is the quote receipt's.
  "email.sampleReceipt.subject": "We received your sample request ({reference})",
  "email.sampleReceipt.thanks":
    "Thank you for your sample request. We have received it and will reply to confirm the courier charges and the dispatch date.",
  "email.sampleReceipt.sample": "Sample",
  "email.sampleReceipt.courier":
    "The courier delivers it to the address in your request. To correct that address, simply reply to this email.",
} as const;
