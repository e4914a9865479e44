/** The header's public navigation, in order. */
export const HEADER_LINKS = [
  { to: "/", label: "الرئيسية" },
  { to: "/about", label: "من نحن" },
  { to: "/services", label: "خدماتنا" },
  { to: "/offers", label: "العروض" },
  { to: "/licenses", label: "التراخيص" },
  { to: "/contact", label: "طلبات العملاء" },
] as const;

/** The owners' way in (SPEC's /list-your-property): a call in the header, the phone menu, the home page and the footer. */
export const OWNER_LINK = { to: "/list-your-property", label: "اعرض عقارك" } as const;

export const SERVICE_LINKS = [
  { to: "/services/property-management", label: "إدارة الأملاك" },
  { to: "/services/marketing-brokerage", label: "التسويق والوساطة العقارية" },
  { to: "/services/valuation", label: "التقييم العقاري" },
  { to: "/services/development", label: "التطوير العقاري" },
] as const;

/** The footer links: about, offers, contact, the owners' form and licences (the four service pages are their own column). */
export const FOOTER_LINKS = [
  { to: "/about", label: "من نحن" },
  { to: "/offers", label: "العروض" },
  { to: "/contact", label: "تواصل معنا" },
  OWNER_LINK,
  { to: "/licenses", label: "التراخيص" },
] as const;
