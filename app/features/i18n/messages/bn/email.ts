import type en from "../en/email";
import type { Translated } from "../../catalogue-types";

export default {
  "email.receipt.subject": "আমরা আপনার কোটেশনের অনুরোধ পেয়েছি ({reference})",
  "email.receipt.greeting": "প্রিয় {name},",
  "email.receipt.greetingNoName": "প্রিয় মহোদয়/মহোদয়া,",
  "email.receipt.thanks": "কোটেশনের অনুরোধের জন্য ধন্যবাদ। আমরা এটি পেয়েছি এবং আমাদের দাম ও প্রাপ্যতা জানিয়ে উত্তর দেব।",
  "email.receipt.reference": "আপনার রেফারেন্স: {reference}",
  "email.receipt.products": "পণ্য",
  "email.receipt.line": "{product}: {details}",
  "email.receipt.grade": "গ্রেড {grade}",
  "email.receipt.packaging": "প্যাকেজিং {packaging}",
  "email.receipt.listSeparator": ", ",
  "email.receipt.incoterm": "ইনকোটার্ম: {incoterm}",
  "email.receipt.delivery": "কাঙ্ক্ষিত ডেলিভারি: {month}",
  "email.receipt.next": "এরপর যা হবে",
  "email.receipt.replyTime": "আমরা সাধারণত এক কার্যদিবসের মধ্যে উত্তর দিই।",
  "email.receipt.change": "কিছু পরিবর্তন করতে চাইলে শুধু এই ইমেইলের উত্তর দিন।",
  "email.receipt.chat": "আরও তাড়াতাড়ি কথা বলতে হোয়াটসঅ্যাপে আমাদের সঙ্গে চ্যাট করুন: {chat}",
  "email.sampleReceipt.subject": "আপনার নমুনার অনুরোধ আমরা পেয়েছি ({reference})",
  "email.sampleReceipt.thanks":
    "নমুনার অনুরোধের জন্য ধন্যবাদ। আমরা এটি পেয়েছি এবং কুরিয়ার খরচ ও পাঠানোর তারিখ নিশ্চিত করতে উত্তর দেব।",
  "email.sampleReceipt.sample": "নমুনা",
  "email.sampleReceipt.courier":
    "কুরিয়ার এটি আপনার অনুরোধে দেওয়া ঠিকানায় পৌঁছে দেবে। ঠিকানা সংশোধন করতে শুধু এই ইমেইলের উত্তর দিন।",
} satisfies Translated<typeof en>;
