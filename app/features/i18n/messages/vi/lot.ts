import type en from "../en/lot";
import type { Translated } from "../../catalogue-types";

export default {
  "lot.title": "Lô {code}: {product}",
  "lot.description":
    "Lô {code} {product} của {company} được trồng ở đâu, thu hoạch và đóng gói khi nào, và được kiểm nghiệm ra sao.",
  "lot.eyebrow": "Lô hàng truy xuất được nguồn gốc",
  "lot.intro": "Nông sản của lô này được trồng ở đâu, thu hoạch và đóng gói khi nào, và được kiểm nghiệm ra sao.",
  "lot.code": "Mã lô",
  "lot.grade": "Phân loại",
  "lot.facts": "Xuất xứ và ngày tháng",
  "lot.origin": "Xuất xứ",
  "lot.farmRegistration": "Mã đăng ký trang trại",
  "lot.harvested": "Ngày thu hoạch",
  "lot.packed": "Ngày đóng gói",
  "lot.phytoNumber": "Giấy chứng nhận kiểm dịch thực vật",
  "lot.notRecorded": "Chưa ghi nhận",
  "lot.test": "Kiểm nghiệm dư lượng",
  "lot.testLab": "Phòng thí nghiệm",
  "lot.testResult": "Kết quả",
  "lot.noTest": "Chưa có kết quả kiểm nghiệm nào cho lô này.",
  "lot.report": "Tải báo cáo kiểm nghiệm",
  "lot.certificates": "Chứng nhận của nhà xuất khẩu",
  "lot.certificatesIntro":
    "Các đăng ký và chứng nhận của chúng tôi, mỗi mục kèm liên kết để đối chiếu với cơ quan cấp.",
  "lot.noCertificates": "Chưa có chứng nhận nào được liệt kê.",
  "lot.authority": "Cơ quan cấp",
  "lot.certificateNumber": "Số",
  "lot.validUntil": "Có hiệu lực đến {date}",
  "lot.verify": "Xác minh",
  "lot.verifyWith": "{name} với cơ quan cấp",
} satisfies Translated<typeof en>;
