import { Award, BookOpen, FileText, Home, Images, Settings } from "lucide-react";
import { AdminPageHeader } from "~/components/admin/page-header";
import { LinkCards } from "~/components/admin/link-cards";

export const meta = () => [{ title: "Edit Pages" }];

// Spec §2: the hub's six links.
const PAGES = [
  {
    to: "/admin/edit-pages/home",
    title: "Home Page",
    text: "Hero, about teaser, product range, why partner and call to action.",
    Icon: Home,
  },
  {
    to: "/admin/edit-pages/about-us",
    title: "About Us Page",
    text: "Leadership card and the page's main content.",
    Icon: FileText,
  },
  {
    to: "/admin/edit-pages/certificates",
    title: "Certificates",
    text: "Certificates and memberships, with images and order.",
    Icon: Award,
  },
  {
    to: "/admin/edit-pages/gallery",
    title: "Gallery",
    text: "Photos shown on the gallery page, with titles and order.",
    Icon: Images,
  },
  {
    to: "/admin/site-settings",
    title: "Footer & Contact",
    text: "Address, email, phone, chat number, logo and social links.",
    Icon: Settings,
  },
  { to: "/admin/manage-blog", title: "Blog", text: "Write, publish and archive blog posts.", Icon: BookOpen },
];

export default function EditPages() {
  return (
    <div>
      <AdminPageHeader title="Edit Pages" back={{ to: "/admin/dashboard", label: "Back to Dashboard" }} />
      <LinkCards links={PAGES} />
    </div>
  );
}
