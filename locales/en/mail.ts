// The words of the mails the site sends (app/mail/, decision 161): written only by the server, never
// sent to a browser with a page's dictionaries.
export default {
  layout: {
    automatic: "This is an automatic message from {{brand}}. Please do not reply to it.",
    site: "Visit {{brand}}",
  },
};
