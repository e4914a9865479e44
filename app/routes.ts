import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

// Mirrors SPEC.md §2: the public pages, /login and the back office (later issues add its pages).
export default [
  layout("routes/site/layout.tsx", [
    index("routes/site/home.tsx"),
    route("offers", "routes/site/offers.tsx"),
    route("offer/:id", "routes/site/offer.tsx"),
    route("about", "routes/site/about.tsx"),
    route("licenses", "routes/site/licenses.tsx"),
    route("services", "routes/site/services.tsx"),
    route("services/:slug", "routes/site/service.tsx"),
    route("contact", "routes/site/contact.tsx"),
    route("list-your-property", "routes/site/list-your-property.tsx"),
    route("*", "routes/site/not-found.tsx"),
  ]),
  route("login", "routes/auth/login.tsx"),
  route("logout", "routes/auth/logout.ts"),
  route("reset-password", "routes/auth/reset-request.tsx"),
  route("reset-password/:token", "routes/auth/reset-password.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("profile", "routes/admin/profile.tsx"),
    route("offers", "routes/admin/offers.tsx"),
    route("offers/new", "routes/admin/offer-new.tsx"),
    route("offers/edit/:id", "routes/admin/offer-edit.tsx"),
    route("offers/photos", "routes/admin/offer-photos.ts"),
    route("offers/save", "routes/admin/offer-save.ts"),
    route("settings/staff", "routes/admin/staff.tsx"),
  ]),
  route("healthz", "routes/resources/healthz.ts"),
  route("images/:file", "routes/resources/image.ts"),
  route("api/search", "routes/resources/search.ts"),
  route("api/offers/events", "routes/resources/offer-events.ts"),
  route("api/altcha", "routes/resources/altcha.ts"),
  route("api/submissions", "routes/resources/submissions.ts"),
  route("sitemap.xml", "routes/resources/sitemap.ts"),
  route("robots.txt", "routes/resources/robots.ts"),
] satisfies RouteConfig;
