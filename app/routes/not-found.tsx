import { defaultPageMeta } from "~/features/seo/meta";
import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";
import type { Route } from "./+types/not-found";

// Both /404 and any unknown path answer HTTP 404 with the 404 page.
export function loader() {
  return data(null, { status: 404 });
}

export function meta(args: Route.MetaArgs) {
  return defaultPageMeta(args, "404 Page Not Found", { noindex: true });
}

export default function NotFound() {
  return <NotFoundPage />;
}
