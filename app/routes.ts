import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("health", "routes/health.tsx"),
  route("api/health", "routes/api.health.ts"),
  route("404", "routes/not-found.tsx", { id: "not-found-page" }),
  route("signup", "routes/signup.tsx"),
  route("verify-otp", "routes/verify-otp.tsx"),
  route("login", "routes/login.tsx"),
  route("logout", "routes/logout.tsx"),
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password", "routes/reset-password.tsx"),
  route("verify-email", "routes/verify-email.tsx"),
  route("verify-email-sent", "routes/verify-email-sent.tsx"),
  route("resend-verification", "routes/resend-verification.tsx"),
  route("pending-approval", "routes/pending-approval.tsx"),
  // Reading
  route("categories", "routes/categories.tsx"),
  route("categories/:slug", "routes/category.tsx"),
  route("categories/:slug/rss.xml", "routes/rss.xml.ts", { id: "category-rss" }),
  route("search", "routes/search.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("rss.xml", "routes/rss.xml.ts", { id: "rss" }),
  route("post/:slug", "routes/post.tsx", { id: "post" }),
  route(":category/:slug", "routes/post.tsx", { id: "category-post" }),
  route("*", "routes/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
