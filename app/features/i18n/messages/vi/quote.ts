import type en from "../en/quote";
import type { Translated } from "../../catalogue-types";

export default {
  "quote.label": "Báo giá",
  "quote.title": "Báo giá {number}",
  "quote.subject": "Báo giá {number} từ {company}",
  "quote.revision": "Bản sửa đổi {revision}",
  "quote.number": "Số báo giá",
  "quote.date": "Ngày",
  "quote.validUntil": "Có hiệu lực đến",
  "quote.preparedFor": "Gửi đến",
  "quote.terms": "Điều kiện",
  "quote.incoterm": "Incoterm",
  "quote.currency": "Tiền tệ",
  "quote.paymentTerms": "Điều kiện thanh toán",
  "quote.leadTime": "Thời gian chuẩn bị hàng",
  "quote.products": "Sản phẩm",
  "quote.column.product": "Sản phẩm",
  "quote.column.quantity": "Số lượng",
  "quote.column.unitPrice": "Đơn giá",
  "quote.column.amount": "Thành tiền",
  "quote.perUnit": "{price} mỗi {unit}",
  "quote.grade": "Loại: {grade}",
  "quote.packaging": "Đóng gói: {packaging}",
  "quote.total": "Tổng cộng",
  "quote.notes": "Ghi chú",
  "quote.validity": "Báo giá này có hiệu lực đến {date}. Giá theo điều kiện {terms}, tính bằng {currency}.",
  "quote.continued": "Báo giá {number}, tiếp theo (trang {page})",
  "quote.email.greeting": "Kính gửi {name},",
  "quote.email.greetingNoName": "Kính gửi Quý khách,",
  "quote.email.intro": "Cảm ơn quý khách đã quan tâm. Báo giá {number} của chúng tôi được đính kèm dưới dạng PDF.",
  "quote.email.total": "Tổng cộng: {total} ({terms})",
  "quote.email.link": "Xem báo giá trực tuyến, chấp nhận hoặc yêu cầu thay đổi:",
  "quote.email.reply": "Nếu có câu hỏi, quý khách chỉ cần trả lời email này, đội ngũ của chúng tôi sẽ phản hồi.",
  "quote.page.accept": "Chấp nhận báo giá",
  "quote.page.decline": "Từ chối",
  "quote.page.changes": "Yêu cầu thay đổi",
  "quote.page.download": "Tải PDF",
  "quote.page.answer": "Phản hồi của quý khách",
  "quote.page.answerHelp":
    "Chấp nhận báo giá để xác nhận đơn hàng, hoặc cho chúng tôi biết quý khách muốn thay đổi điều gì.",
  "quote.page.reason": "Lý do (không bắt buộc)",
  "quote.page.changesField": "Chúng tôi nên thay đổi điều gì?",
  "quote.page.changesRequired": "Vui lòng cho biết quý khách muốn thay đổi điều gì.",
  "quote.page.tooLong": "Vui lòng nhập không quá {max} ký tự.",
  "quote.page.accepted":
    "Quý khách đã chấp nhận báo giá này vào ngày {date}. Xin cảm ơn: đội ngũ của chúng tôi sẽ liên hệ với quý khách để xác nhận đơn hàng.",
  "quote.page.declined":
    "Quý khách đã từ chối báo giá này vào ngày {date}. Cảm ơn quý khách đã thông báo cho chúng tôi.",
  "quote.page.changesAsked":
    "Quý khách đã yêu cầu thay đổi vào ngày {date}. Chúng tôi sẽ gửi quý khách báo giá đã điều chỉnh.",
  "quote.page.superseded":
    "Báo giá này đã được thay thế bằng một bản sửa đổi mới hơn. Vui lòng sử dụng đường liên kết trong email mới nhất của chúng tôi.",
  "quote.page.closed":
    "Một bản sửa đổi khác của báo giá này (Bản sửa đổi {revision}) đã được chấp nhận, vì vậy bản này không thể trả lời được nữa. Đội ngũ của chúng tôi sẽ liên hệ với bạn về đơn hàng.",
  "quote.page.expired":
    "Báo giá này đã hết hiệu lực vào ngày {date} và không thể chấp nhận được nữa. Vui lòng yêu cầu thay đổi để nhận báo giá mới.",
  "quote.page.validUntil": "Quý khách có thể chấp nhận báo giá này đến hết ngày {date}.",
  "quote.page.tooMany": "Có quá nhiều phản hồi từ địa chỉ của quý khách. Vui lòng thử lại sau.",
} satisfies Translated<typeof en>;
