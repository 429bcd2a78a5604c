import { getFormProps, useForm } from "@conform-to/react";
import { SubmitButton } from "~/ui/submit-button";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useMemo, useRef } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ensureInitialAdmin } from "~/auth/bootstrap.server";
import { appendCookies, readSessionCookies, sessionCookies } from "~/auth/cookies.server";
import { markPrivate, resolveBrowserSession } from "~/auth/guard.server";
import { attemptLogin } from "~/auth/login.server";
import { loginSchema } from "~/auth/login-schema";
import { endSession } from "~/auth/sessions.server";
import { routeBundles } from "~/i18n/bundles.server";
import { useBundles } from "~/i18n/use-bundles";
import { requestT } from "~/i18n/request.server";
import { tooManyAttempts } from "~/rate-limit.server";
import { clientHash } from "~/request.server";
import { LanguageToggle } from "~/ui/language-toggle";
import { Logo } from "~/ui/logo";
import { PageMeta } from "~/ui/page-meta";
import { redirectWithToast } from "~/ui/toast.server";
import type { Route } from "./+types/login";

export async function loader({ request, context }: Route.LoaderArgs) {
  // Lazily too (development servers start without server.js): the first admin exists before anyone signs in.
  await ensureInitialAdmin();
  const session = await resolveBrowserSession(request);
  const headers = appendCookies(markPrivate(new Headers()), session.cookies);
  if (session.admin) throw redirect("/admin/dashboard", { headers });
  return data({ i18n: routeBundles(context, ["auth", "admin"]) }, { headers });
}

/** The login page is part of the admin area: never cached, never indexed. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  const result = markPrivate(new Headers());
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) result.set("Retry-After", retryAfter);
  return result;
}

export async function action({ request, context }: Route.ActionArgs) {
  const t = requestT(context, "auth");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: loginSchema(t) });
  const headers = markPrivate(new Headers());
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }), failure: null }, { status: 400, headers });
  }

  const outcome = await attemptLogin({ ...submission.value, clientKey: clientHash(request) });
  if (!outcome.ok) {
    const limited = outcome.reason === "limited";
    const description = limited ? tooManyAttempts(context, outcome.retryAfterSeconds) : t("toast.invalidCredentials");
    if (limited) headers.set("Retry-After", String(outcome.retryAfterSeconds));
    return data(
      {
        result: submission.reply({ hideFields: ["password"] }),
        failure: { title: t("toast.loginFailed"), description },
      },
      { status: limited ? 429 : 401, headers },
    );
  }

  // Signing in again from a browser that still holds an older session ends that older session.
  await endSession(readSessionCookies(request)).catch(() => false);
  appendCookies(headers, sessionCookies(outcome.tokens));
  return redirectWithToast(
    "/admin/dashboard",
    { type: "success", title: t("toast.loginSuccess"), description: t("toast.loginSuccessDescription") },
    { headers },
  );
}

export default function AdminLogin({ loaderData, actionData }: Route.ComponentProps) {
  useBundles(loaderData.i18n.language, loaderData.i18n.bundles);
  const { t } = useTranslation("auth");
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formMethod === "POST" && navigation.formAction === "/admin";
  const schema = useMemo(() => loginSchema(t), [t]);
  const [form, fields] = useForm({
    id: "admin-login",
    lastResult: navigation.state === "idle" ? actionData?.result : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const failure = actionData?.failure && navigation.state === "idle" ? actionData.failure : null;
  // After a failed attempt the password is cleared, as the server-rendered page (without JavaScript) does.
  const passwordRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (actionData && passwordRef.current) passwordRef.current.value = "";
  }, [actionData]);

  return (
    <main id="main" className="flex min-h-dvh flex-col bg-sand-100 px-4 py-6 sm:py-10">
      <PageMeta title={t("metaTitle")} description={t("metaDescription")} noindex />
      <div className="mx-auto flex w-full max-w-md items-center justify-between">
        <Logo />
        <LanguageToggle />
      </div>

      <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-10">
        <section aria-labelledby="login-title" className="rounded-3xl border border-ink-900/10 bg-white p-6 shadow-sm sm:p-10">
          <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{t("eyebrow")}</p>
          <h1 id="login-title" className="mt-2 font-display text-3xl font-semibold text-ink-900">
            {t("title")}
          </h1>
          <p className="mt-2 text-ink-700">{t("intro")}</p>

          {failure ? (
            <div role="alert" data-testid="login-failure" className="mt-6 rounded-xl border border-red-300 bg-red-50 p-4 text-red-900">
              <p className="font-semibold">{failure.title}</p>
              <p className="mt-1 text-sm">{failure.description}</p>
            </div>
          ) : null}

          <Form method="post" action="/admin" {...getFormProps(form)} className="mt-6 flex flex-col gap-5">
            <div>
              <label htmlFor={fields.username.id} className="mb-1.5 block text-sm font-semibold text-ink-900">
                {t("username")}
              </label>
              <input
                id={fields.username.id}
                name={fields.username.name}
                key={fields.username.key}
                defaultValue={fields.username.initialValue ?? ""}
                type="text"
                autoComplete="username"
                autoCapitalize="none"
                spellCheck={false}
                required
                placeholder={t("usernamePlaceholder")}
                aria-invalid={fields.username.errors ? true : undefined}
                aria-describedby={fields.username.errors ? fields.username.errorId : undefined}
                className="field-input text-start"
              />
              {fields.username.errors ? (
                <p id={fields.username.errorId} className="field-error">
                  {fields.username.errors[0]}
                </p>
              ) : null}
            </div>
            <div>
              <label htmlFor={fields.password.id} className="mb-1.5 block text-sm font-semibold text-ink-900">
                {t("password")}
              </label>
              <input
                id={fields.password.id}
                name={fields.password.name}
                key={fields.password.key}
                ref={passwordRef}
                type="password"
                autoComplete="current-password"
                required
                placeholder={t("passwordPlaceholder")}
                aria-invalid={fields.password.errors ? true : undefined}
                aria-describedby={fields.password.errors ? fields.password.errorId : undefined}
                className="field-input text-start"
              />
              {fields.password.errors ? (
                <p id={fields.password.errorId} className="field-error">
                  {fields.password.errors[0]}
                </p>
              ) : null}
            </div>
            <SubmitButton pending={pending} label={t("submit")} pendingLabel={t("submitting")} className="mt-2 w-full" />
          </Form>
        </section>
        <p className="mt-6 text-center">
          <Link to="/" className="text-sm font-semibold text-accent-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-accent-700">
            {t("backToSite")}
          </Link>
        </p>
      </div>
    </main>
  );
}
