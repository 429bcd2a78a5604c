// The API's reference page, /api/docs (decision 157).
export default {
  metaTitle: "API reference",
  metaDescription: "Every call of the brand's JSON API: its parameters, request bodies and answers, and how to sign in or use an API key.",
  title: "API reference",
  intro: "Every call of the JSON API: its parameters, request bodies and answers, and how to sign in or use an API key. The reference below is drawn from the OpenAPI document, which tools can read too.",
  language: "The reference itself is in English.",
  document: "The OpenAPI document",
  noScript: "The interactive reference needs JavaScript. The OpenAPI document holds all of it.",
  loading: "Loading the reference…",
  failed: "The reference could not be shown. The OpenAPI document holds all of it.",
  reference: "Interactive reference",
};
