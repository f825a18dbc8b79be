import { AdminPageHeader } from "~/components/admin/page-header";

export const meta = () => [{ title: "Demand" }];

export default function Demand() {
  return <AdminPageHeader title="Demand" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />;
}
