import type en from "../en/forms";
import type { Translated } from "../../catalogue-types";

export default {
  // Field names, as labels and inside the validation messages.
  "forms.field.fullName": "Họ và tên",
  "forms.field.email": "Địa chỉ email",
  "forms.field.phone": "Số điện thoại",
  "forms.field.subject": "Tiêu đề",
  "forms.field.message": "Nội dung",
  "forms.field.company": "Công ty",
  "forms.field.country": "Quốc gia",
  "forms.field.destinationPort": "Cảng đích",
  "forms.field.incoterm": "Incoterm",
  "forms.field.deliveryMonth": "Tháng giao hàng mong muốn",
  "forms.field.quantity": "Số lượng",
  "forms.field.unit": "Đơn vị",
  "forms.field.grade": "Loại",
  "forms.field.packaging": "Đóng gói",

  // Validation (the browser's check before sending and the server's, alike).
  "forms.error.required": "Vui lòng nhập {field}.",
  "forms.error.tooLong": "{field} quá dài.",
  "forms.error.lineBreaks": "Không được xuống dòng trong {field}.",
  "forms.error.email": "Vui lòng nhập địa chỉ email hợp lệ.",
  "forms.error.messageCharacters": "Nội dung có chứa ký tự không được phép.",
  "forms.error.quantityNumber": "Số lượng phải là một con số.",
  "forms.error.quantityPositive": "Số lượng phải lớn hơn 0.",
  "forms.error.quantityMax": "Số lượng tối đa là {max}.",
  "forms.error.unit": "Chọn một đơn vị: {units}.",
  "forms.error.country": "Chọn quốc gia của bạn trong danh sách.",
  "forms.error.incoterm": "Chọn một Incoterm: {incoterms}.",
  "forms.error.monthFormat": "{field} phải là một tháng (YYYY-MM).",
  "forms.error.monthPast": "{field} không được là thời điểm đã qua.",
  "forms.error.noProducts": "Hãy thêm ít nhất một sản phẩm vào danh sách báo giá.",
  "forms.toast.missingFields": "Thiếu thông tin",
  "forms.contact.requiredFields": "Vui lòng điền Họ và tên, Địa chỉ email, Tiêu đề và Nội dung.",
  "forms.quote.requiredFields":
    "Vui lòng điền Công ty, Họ và tên, Địa chỉ email, Quốc gia và số lượng cho từng sản phẩm.",

  // Refusals of a valid form.
  "forms.refusal.tooMany.title": "Quá nhiều tin nhắn",
  "forms.refusal.tooMany.message": {
    other:
      "Quý khách đã gửi nhiều tin nhắn trong thời gian ngắn. Vui lòng thử lại sau {count} phút hoặc gửi email cho chúng tôi.",
  },
  "forms.refusal.messageNotSent.title": "Chưa gửi được tin nhắn",
  "forms.refusal.messageNotSent.message": "Không thể lưu tin nhắn của quý khách. Vui lòng thử lại sau giây lát.",
  "forms.refusal.requestNotSent.title": "Chưa gửi được yêu cầu",
  "forms.refusal.requestNotSent.message": "Không thể lưu yêu cầu của quý khách. Vui lòng thử lại sau giây lát.",
  "forms.refusal.productGone.title": "Sản phẩm không còn cung cấp",
  "forms.refusal.productGone.message":
    "Một sản phẩm trong danh sách của quý khách không còn trong danh mục của chúng tôi. Vui lòng kiểm tra lại danh sách.",
  "forms.refusal.invalidChoice": "Lựa chọn không hợp lệ",
  "forms.refusal.grade": "Hãy chọn một trong các loại được cung cấp cho {product}.",
  "forms.refusal.packaging": "Hãy chọn một trong các quy cách đóng gói được cung cấp cho {product}.",
  "forms.refusal.duplicate": "Mỗi sản phẩm chỉ được xuất hiện một lần trong một yêu cầu báo giá.",

  // The quote list's toasts ('Add to Quote', 'Remove').
  "forms.toast.added": "Đã thêm vào báo giá",
  "forms.toast.added.message": "{product} đã có trong danh sách báo giá của quý khách.",
  "forms.toast.already": "Đã có trong báo giá",
  "forms.toast.already.message": "{product} đã có sẵn trong danh sách báo giá của quý khách.",
  "forms.toast.removed": "Đã xóa khỏi báo giá",
  "forms.toast.removed.message": "{product} không còn trong danh sách báo giá của quý khách.",
  "forms.toast.removed.unknown": "Sản phẩm không còn trong danh sách báo giá của quý khách.",
  "forms.toast.removed.notInList": "Sản phẩm này không có trong danh sách của quý khách.",
  "forms.toast.notFound": "Không tìm thấy sản phẩm",
  "forms.toast.notFound.message": "Sản phẩm này không còn trong danh mục của chúng tôi.",
  "forms.toast.full": "Danh sách báo giá đã đầy",
  "forms.toast.full.message": {
    other: "Danh sách báo giá chứa tối đa {count} sản phẩm. Hãy gửi yêu cầu này trước hoặc xóa bớt một sản phẩm.",
  },

  // Shared by both forms.
  "forms.sending": "Đang gửi...",
  "forms.browseProducts": "Xem sản phẩm của chúng tôi",
  "forms.replyTime": "Chúng tôi thường phản hồi trong vòng một ngày làm việc.",

  // The contact page.
  "forms.contact.title": "Liên hệ",
  "forms.contact.metaDescription": "Yêu cầu báo giá hoặc hàng mẫu. {address}. Email {email}, điện thoại {phone}.",
  "forms.contact.intro":
    "Hãy cho chúng tôi biết nhu cầu của quý khách: giống, kích cỡ, quy cách đóng gói và cảng đích.",
  "forms.contact.getInTouch": "Liên lạc với chúng tôi",
  "forms.contact.officeAddress": "Địa chỉ văn phòng",
  "forms.contact.email": "Email",
  "forms.contact.phone": "Điện thoại",
  "forms.contact.chat": "Trò chuyện",
  "forms.contact.map": "Bản đồ văn phòng của chúng tôi",
  "forms.contact.sendUsAMessage": "Gửi tin nhắn cho chúng tôi",
  "forms.contact.send": "Gửi tin nhắn",
  "forms.contact.sent.title": "Đã gửi tin nhắn!",
  "forms.contact.sent.message": "Cảm ơn quý khách đã liên hệ. Chúng tôi sẽ phản hồi trong thời gian sớm nhất.",
  "forms.contact.inquirySubject": "Hỏi về {product}",

  "forms.field.product": "Sản phẩm",
  "forms.field.sampleKg": "Số lượng (kg)",
  "forms.field.courierAddress": "Địa chỉ nhận hàng",
  "forms.error.sampleKgMax": "Mẫu thử chỉ được nặng tối đa {max} kg.",
  "forms.sample.request": "Yêu cầu mẫu thử",
  "forms.sample.title": "Yêu cầu mẫu thử",
  "forms.sample.metaDescription":
    "Yêu cầu mẫu thử sản phẩm của chúng tôi, gửi bằng chuyển phát nhanh đến địa chỉ của quý khách.",
  "forms.sample.intro":
    "Chọn sản phẩm và số lượng quý khách cần, rồi cho chúng tôi biết nơi đơn vị chuyển phát cần giao. Chúng tôi sẽ trả lời để xác nhận phí chuyển phát và ngày gửi.",
  "forms.sample.yourSample": "Mẫu thử của quý khách",
  "forms.sample.productPlaceholder": "Chọn sản phẩm",
  "forms.sample.kgHint": "Tối đa {max} kg.",
  "forms.sample.phoneHint": "Nhân viên chuyển phát có thể gọi số này khi giao hàng.",
  "forms.sample.addressHint": "Số nhà và đường, thành phố, mã bưu chính và quốc gia, như đơn vị chuyển phát cần ghi.",
  "forms.sample.messagePlaceholder": "Thông tin khác: giống, phân loại, đóng gói, mục đích sử dụng mẫu...",
  "forms.sample.send": "Gửi yêu cầu mẫu thử",
  "forms.sample.requiredFields":
    "Vui lòng điền Sản phẩm, Số lượng (kg), Công ty, Họ và tên, Địa chỉ email, Số điện thoại, Quốc gia và Địa chỉ nhận hàng.",
  "forms.sample.productGone": "Sản phẩm này không còn trong danh mục của chúng tôi. Vui lòng chọn sản phẩm khác.",
  "forms.sample.sent.title": "Đã gửi yêu cầu mẫu thử",
  "forms.sample.sent.thanks":
    "Cảm ơn {name}. Chúng tôi đã nhận được yêu cầu mẫu thử của quý khách và sẽ trả lời tới {email} để xác nhận phí chuyển phát và ngày gửi.",
  "forms.sample.another": "Yêu cầu mẫu thử khác",

  // The quote request page.
  "forms.quote.title": "Yêu cầu báo giá",
  "forms.quote.metaDescription":
    "Yêu cầu báo giá cho các sản phẩm trong danh sách của quý khách: số lượng, loại, đóng gói và giao hàng.",
  "forms.quote.intro":
    "Hãy cho chúng tôi biết quý khách cần bao nhiêu cho mỗi sản phẩm, giao đến đâu và khi nào. Chúng tôi sẽ phản hồi kèm giá và tình trạng nguồn hàng.",
  "forms.quote.empty.title": "Danh sách báo giá của quý khách đang trống.",
  "forms.quote.empty.text":
    "Hãy thêm các sản phẩm quý khách quan tâm bằng nút 'Thêm vào báo giá', rồi quay lại đây để gửi một yêu cầu duy nhất.",
  "forms.quote.empty.message": "Hoặc cho chúng tôi biết nhu cầu của quý khách qua tin nhắn.",
  "forms.quote.empty.contact": "Dùng biểu mẫu liên hệ",
  "forms.quote.yourProducts": "Sản phẩm của quý khách",
  "forms.quote.addMore": "Thêm sản phẩm khác",
  "forms.quote.yourDetails": "Thông tin của quý khách",
  "forms.quote.ofProduct": "của {product}",
  "forms.quote.remove": "Xóa",
  "forms.quote.noPreference": "Không yêu cầu cụ thể",
  "forms.quote.portHint": "ví dụ: Jebel Ali, Rotterdam",
  "forms.quote.incotermPlaceholder": "Chưa chắc chắn",
  "forms.quote.countryPlaceholder": "Chọn quốc gia của bạn",
  "forms.quote.monthHint": "Năm và tháng (YYYY-MM)",
  "forms.quote.messagePlaceholder": "Thông tin khác: giống, nhãn mác, chứng nhận, điều kiện thanh toán...",
  "forms.quote.send": "Gửi yêu cầu báo giá",
  "forms.unit.MT": "tấn",
  "forms.unit.kg": "kg",
  "forms.unit.cartons": "thùng carton",
  "forms.unit.20ft": "container 20 ft",
  "forms.unit.40ft": "container 40 ft",
  "forms.quantity.MT": { other: "{count} tấn" },
  "forms.quantity.kg": { other: "{count} kg" },
  "forms.quantity.cartons": { other: "{count} thùng carton" },
  "forms.quantity.20ft": { other: "{count} × container 20 ft" },
  "forms.quantity.40ft": { other: "{count} × container 40 ft" },

  // The summary after sending (/request-quote/sent).
  "forms.sent.title": "Đã gửi yêu cầu báo giá",
  "forms.sent.metaDescription": "Yêu cầu báo giá của quý khách đã được gửi.",
  "forms.sent.thanks":
    "Cảm ơn {name}. Chúng tôi đã nhận được yêu cầu và sẽ gửi giá cùng tình trạng nguồn hàng đến {email}.",
  "forms.sent.reference": "Mã tham chiếu của quý khách: {reference}",
  "forms.sent.grade": "loại {grade}",
  "forms.sent.listSeparator": ", ",
  "forms.sent.none.title": "Không có yêu cầu gần đây nào để hiển thị.",
  "forms.sent.none.text":
    "Bản tóm tắt yêu cầu báo giá được hiển thị trong một giờ sau khi gửi, trên trình duyệt đã gửi yêu cầu đó.",
  "forms.sent.back": "Quay lại trang sản phẩm",
} satisfies Translated<typeof en>;
