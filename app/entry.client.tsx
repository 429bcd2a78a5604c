import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { defaultLanguage, isLanguage } from "~/platform/i18n/languages";

// The server chose the language and wrote it into <html lang>. The dictionary itself arrives with
// the root loader's data and is added before the first render (see useI18nBootstrap in root.tsx).
const lang = document.documentElement.lang;
i18next.use(initReactI18next).init({
  lng: isLanguage(lang) ? lang : defaultLanguage,
  fallbackLng: false,
  defaultNS: "common",
  resources: {},
  initAsync: false,
  interpolation: { escapeValue: false },
});

startTransition(() => {
  hydrateRoot(
    document,
    <I18nextProvider i18n={i18next}>
      <StrictMode>
        <HydratedRouter />
      </StrictMode>
    </I18nextProvider>,
  );
});
