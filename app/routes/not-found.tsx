import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/not-found";

export function loader({ request }: Route.LoaderArgs) {
  const path = new URL(request.url).pathname;
  console.warn(`404 Not Found: ${path}`);
  return data({ path }, { status: 404 });
}

export default function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-xl px-6 py-24 text-center">
      <title>{t("notFound.metaTitle")}</title>
      <h1 className="text-3xl font-semibold">{t("notFound.title")}</h1>
      <p className="mt-4">{t("notFound.message")}</p>
      <Link className="btn-primary mt-8" to="/">
        {t("notFound.home")}
      </Link>
    </section>
  );
}
