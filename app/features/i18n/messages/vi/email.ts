import type en from "../en/email";
import type { Translated } from "../../catalogue-types";

export default {
  "email.receipt.subject": "Chúng tôi đã nhận được yêu cầu báo giá của quý khách ({reference})",
  "email.receipt.greeting": "Kính gửi {name},",
  "email.receipt.greetingNoName": "Kính gửi Quý khách,",
  "email.receipt.thanks":
    "Cảm ơn quý khách đã gửi yêu cầu báo giá. Chúng tôi đã nhận được yêu cầu và sẽ phản hồi kèm giá cùng tình trạng nguồn hàng.",
  "email.receipt.reference": "Mã tham chiếu của quý khách: {reference}",
  "email.receipt.products": "Sản phẩm",
  "email.receipt.line": "{product}: {details}",
  "email.receipt.grade": "loại {grade}",
  "email.receipt.packaging": "đóng gói {packaging}",
  "email.receipt.listSeparator": ", ",
  "email.receipt.incoterm": "Incoterm: {incoterm}",
  "email.receipt.delivery": "Thời gian giao hàng mong muốn: {month}",
  "email.receipt.next": "Các bước tiếp theo",
  "email.receipt.replyTime": "Chúng tôi thường phản hồi trong vòng một ngày làm việc.",
  "email.receipt.change": "Nếu muốn thay đổi bất kỳ thông tin nào, quý khách chỉ cần trả lời email này.",
  "email.receipt.chat": "Để trao đổi với chúng tôi nhanh hơn, hãy nhắn tin qua WhatsApp: {chat}",
  "email.sampleReceipt.subject": "Chúng tôi đã nhận được yêu cầu mẫu thử của quý khách ({reference})",
  "email.sampleReceipt.thanks":
    "Cảm ơn quý khách đã yêu cầu mẫu thử. Chúng tôi đã nhận được và sẽ trả lời để xác nhận phí chuyển phát và ngày gửi.",
  "email.sampleReceipt.sample": "Mẫu thử",
  "email.sampleReceipt.courier":
    "Đơn vị chuyển phát sẽ giao mẫu đến địa chỉ trong yêu cầu của quý khách. Để sửa địa chỉ đó, quý khách chỉ cần trả lời email này.",
} satisfies Translated<typeof en>;
