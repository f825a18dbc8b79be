/**
 * A lot's public page (`/lots/{code}`, issue 45): what a buyer, an inspector or a shopper reads after scanning the QR
 * code on a bag or carton. See chrome.ts for the conventions. Server-side only: the lot page's loader puts the texts
 * it needs in its data.
 */
export default {
  "lot.title": "Lot {code}: {product}",
  "lot.description":
    "Where lot {code} of {product} from {company} was grown, when it was harvested and packed, and how it was tested.",
  "lot.eyebrow": "Traceable lot",
  "lot.intro": "Where the produce of this lot was grown, when it was harvested and packed, and how it was tested.",
  "lot.code": "Lot code",
  "lot.grade": "Grade",
  "lot.facts": "Origin and dates",
  "lot.origin": "Origin",
  "lot.farmRegistration": "Farm registration",
  "lot.harvested": "Harvested",
  "lot.packed": "Packed",
  "lot.phytoNumber": "Phytosanitary certificate",
  "lot.notRecorded": "Not recorded",
  "lot.test": "Residue test",
  "lot.testLab": "Laboratory",
  "lot.testResult": "Result",
  "lot.noTest": "No test is recorded for this lot yet.",
  "lot.report": "Download the test report",
  "lot.certificates": "The exporter's certificates",
  "lot.certificatesIntro": "Our registrations and certifications, each with a link to check it with its issuer.",
  "lot.noCertificates": "No certificates are listed yet.",
  "lot.authority": "Issued by",
  "lot.certificateNumber": "Number",
  "lot.validUntil": "Valid until {date}",
  "lot.verify": "Verify",
  "lot.verifyWith": "{name} with its issuer",
} as const;
