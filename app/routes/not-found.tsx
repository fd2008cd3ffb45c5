import { data } from "react-router";

import { NotFoundPage } from "~/components/not-found-page";

export function loader() {
  return data(null, { status: 404 });
}

export const meta = () => [{ title: "Page Not Found" }];

export default function NotFound() {
  return <NotFoundPage />;
}
