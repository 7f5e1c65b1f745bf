import { data } from "react-router";
import { NotFoundPage } from "~/components/layout/not-found-page";

// Both /404 and any unknown path answer HTTP 404 with the 404 page.
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "404 Page Not Found" }, { name: "robots", content: "noindex" }];
}

export default function NotFound() {
  return <NotFoundPage />;
}
