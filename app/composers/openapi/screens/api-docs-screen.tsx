import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { documentIsApiDocsPage } from "~/platform/http/api-docs-page";
import { PageMeta } from "~/platform/ui/page-meta";

/** The OpenAPI document the reference is drawn from (app/routes/api/openapi.ts). */
export const OPENAPI_URL = "/api/v1/openapi.json";

type ScalarInstance = { destroy?: () => void };
type ScalarGlobal = { createApiReference: (mount: Element, configuration: Record<string, unknown>) => ScalarInstance };

/**
 * Scalar's settings: nothing fetched from elsewhere (no web fonts, no telemetry, no request proxy, no
 * AI agent), the document from this site; the "try it" client sends requests to this site only.
 */
const SCALAR_CONFIGURATION = {
  url: OPENAPI_URL,
  withDefaultFonts: false,
  telemetry: false,
  proxyUrl: "",
  agent: { disabled: true },
  hideClientButton: true,
  hideDarkModeToggle: true,
  showDeveloperTools: "never",
  operationTitleSource: "summary",
  defaultOpenAllTags: false,
  // One download (the JSON this site serves): "both" sets a JSON and a YAML button side by side, 2 px
  // wider than a 320 px phone.
  documentDownloadType: "json",
};

/** Loads Scalar's bundle once (served from this site) and resolves with its global. */
function loadScalar(src: string): Promise<ScalarGlobal> {
  const scalar = (window as { Scalar?: ScalarGlobal }).Scalar;
  if (scalar) return Promise.resolve(scalar);
  return new Promise((resolve, reject) => {
    // Added by the page's own (nonce-trusted) script: 'strict-dynamic' lets it run.
    const script = document.createElement("script");
    script.src = src;
    script.onload = () => {
      const loaded = (window as { Scalar?: ScalarGlobal }).Scalar;
      if (loaded) resolve(loaded);
      else reject(new Error("Scalar did not load"));
    };
    script.onerror = () => reject(new Error("Scalar did not load"));
    document.body.append(script);
  });
}

/**
 * /api/docs: a title and a short intro in the site's language, the link to the OpenAPI document, and
 * below them the interactive reference (Scalar, in English, left to right). Without JavaScript the page
 * is the intro and the link.
 */
export function ApiDocsScreen({ script }: { script: string }) {
  const { t, i18n } = useTranslation("apiDocs");
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<"waiting" | "loading" | "ready" | "failed">("waiting");

  useEffect(() => {
    // Scalar's styles are allowed by this page's own document policy only (~/platform/http/api-docs-page).
    if (!documentIsApiDocsPage()) {
      window.location.reload();
      return;
    }
    let instance: ScalarInstance | undefined;
    let gone = false;
    setState("loading");
    loadScalar(script)
      .then((scalar) => {
        if (gone || !mount.current) return;
        instance = scalar.createApiReference(mount.current, SCALAR_CONFIGURATION);
        setState("ready");
      })
      .catch(() => !gone && setState("failed"));
    return () => {
      gone = true;
      instance?.destroy?.();
    };
  }, [script]);

  const notice = { waiting: t("noScript"), loading: t("loading"), failed: t("failed"), ready: null }[state];
  return (
    <div className="pb-16">
      <PageMeta title={t("metaTitle")} description={t("metaDescription")} />
      <header className="mx-auto max-w-3xl px-4 pt-14 pb-8 sm:px-6">
        <h1 className="text-4xl leading-tight font-semibold tracking-tight sm:text-5xl">{t("title")}</h1>
        <p className="mt-6 text-lg leading-relaxed text-ink-700">{t("intro")}</p>
        {i18n.language !== "en" ? <p className="mt-3 text-ink-700">{t("language")}</p> : null}
        <p className="mt-6">
          <a className="btn-secondary" href={OPENAPI_URL} data-testid="openapi-link">
            {t("document")} <span dir="ltr">(openapi.json)</span>
          </a>
        </p>
        {notice ? (
          <p className="mt-6 text-sm text-ink-500" role={state === "failed" ? "alert" : "status"} data-testid="api-docs-notice">
            {notice}
          </p>
        ) : null}
      </header>
      <section aria-label={t("reference")} lang="en" dir="ltr" className="border-t border-ink-900/10">
        <div ref={mount} data-testid="api-reference" />
      </section>
    </div>
  );
}
