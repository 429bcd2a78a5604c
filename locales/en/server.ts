// Messages only the server writes (API errors, refused requests, rate limits): never sent to a
// browser with a page's dictionaries (app/platform/i18n/resources.ts).
export default {
  tooManyAttempts_one: "Too many attempts. Please try again in {{count}} minute.",
  tooManyAttempts_other: "Too many attempts. Please try again in {{count}} minutes.",
  crossSite: "This request came from another site and was refused.",
  unreadableForm: "This form could not be read. Please reload the page and try again.",
  methodNotAllowed: "This page does not accept that kind of request.",
  filesNotAccepted: "This form does not accept files. Please reload the page and try again.",
  api: {
    methodNotAllowed: "Method not allowed",
    invalidInput: "Invalid input",
    invalidJson: "Invalid JSON body",
    bodyNotObject: "The request body must be a JSON object (its fields between { and }).",
    bodyTooLarge: "Request body too large",
    unreadableBody: "Unreadable request body",
    unavailable: "The service is unavailable for a moment. Please try again.",
    notFound: "Not found",
  },
  // The packs API (issue 27).
  packs: {
    found: "Pack found",
    notFound: "No pack has this serial. This product may be counterfeit.",
  },
};
