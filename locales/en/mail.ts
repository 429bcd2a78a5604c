// The words of the mails the site sends (app/mail/, decision 161): written only by the server, never
// sent to a browser with a page's dictionaries.
export default {
  invitation: {
    subject: "Your invitation to the {{brand}} admin",
    preview: "Set your password to join the team.",
    greeting: "Hello {{username}},",
    body: "You were added to the {{brand}} admin team as {{role}}. Set your password with the link below, then sign in with your username.",
    action: "Set your password",
    expires: "The link works once, until {{date}}.",
    fallback: "If the button does not work, open this address:",
    ignore: "If you did not expect this invitation, you can ignore this mail: nothing happens without the link.",
  },
  contact: {
    subject: "New contact message from {{name}}",
    preview: "A visitor sent a message through the contact page.",
    intro: "A visitor sent a message through the contact page:",
    name: "Name: {{name}}",
    phone: "WhatsApp: {{phone}}",
    action: "Open the contact messages",
  },
  reset: {
    subject: "Choose a new password for the {{brand}} admin",
    preview: "A link to choose a new password, valid 30 minutes.",
    greeting: "Hello {{username}},",
    body: "Someone asked to reset the password of your {{brand}} admin account. If it was you, choose a new password with the link below. Your sessions will end everywhere, and two-factor sign-in is still asked.",
    action: "Choose a new password",
    expires: "The link works once, until {{date}} (30 minutes).",
    fallback: "If the button does not work, open this address:",
    ignore: "If you did not ask for this, you can ignore this mail: your password stays as it is.",
  },
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
