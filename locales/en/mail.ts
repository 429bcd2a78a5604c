// The words of the mails the site sends (app/mail/, decision 161): written only by the server, never
// sent to a browser with a page's dictionaries.
export default {
  layout: {
    automatic: "This is an automatic message from {{brand}}. Please do not reply to it.",
    site: "Visit {{brand}}",
  },
  /** Registered buyers' mails (decision 162). */
  registrations: {
    confirmSubject: "Confirm safety notices about {{product}}",
    confirmIntro: "You asked to hear about safety notices for lot {{lot}} of {{product}}. Confirm with this link within 7 days:",
    confirmButton: "Confirm",
    confirmIgnore: "If you did not ask for this, ignore this e-mail: nothing happens without your confirmation.",
    recallSubject: "Safety notice: {{product}}, lot {{lot}} recalled",
    recallIntro: "Lot {{lot}} of {{product}}, which you registered, is recalled since {{date}}.",
    recallWhat: "What to do",
    unsubscribe: "Unsubscribe",
    footer: "You receive this because you registered this product at {{site}}.",
  },
};
