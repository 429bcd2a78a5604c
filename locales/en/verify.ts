export default {
  metaTitle: "Verify your product",
  metaDescription: "Check that your product is genuine with the code or the pack serial printed on its label.",
  resultMetaTitle: "Verification result",
  hero: {
    eyebrow: "Authenticity check",
    title: "Verify your product",
    lead: "Enter the code or the pack serial printed on your product's label, or scan its QR code, to make sure it is genuine.",
  },
  form: {
    label: "Verification code",
    placeholder: "ABCD-1234",
    hint: "A one-time code has 8 letters and numbers (ABCD\u20111234); a pack's serial, printed beside its QR code, has 11 (ABCD\u2011EFGH\u2011JKM). Spaces and dashes do not matter.",
    submit: "Verify Product",
    submitting: "Verifying…",
    empty: "Please enter a verification code",
    notACode: "A code has only letters A–Z and digits 0–9, as printed on the label.",
    failed: "Failed to verify code",
  },
  // The server's one-line answer: the banner under the form and the API's message.
  result: {
    valid: "Code {{code}} verified successfully. This product is genuine.",
    invalid: "Code {{code}} is not valid. This product may be counterfeit.",
    used: "Code {{code}} was already verified on {{date}}. This product may be counterfeit.",
    validPastDate: "Code {{code}} verified successfully. This product is genuine, but it is past its best-before date ({{date}}).",
    recalled: "{{code}} is genuine, but this product has been recalled. Stop using it, and read the recall notice.",
    wrongPin_one: "This PIN does not match pack {{code}}. Check each character against the scratch panel (8 and B, 5 and S, 2 and Z look alike) and try again. You have 1 try left today.",
    wrongPin_other: "This PIN does not match pack {{code}}. Check each character against the scratch panel (8 and B, 5 and S, 2 and Z look alike) and try again. You have {{count}} tries left today.",
    wrongPinLast: "This PIN does not match pack {{code}}, and that was the last try for today from this phone. Try again tomorrow, or contact us with a photo of the label and we will help.",
    checkedAt: "Checked on {{date}}",
    checkAnother: "Check another code",
  },
  dialog: {
    validTitle: "Valid Product",
    validMessage: "This product ({{code}}) verified successfully!",
    productDetails: "Product Details",
    lot: "Lot",
    bestBefore: "Best before",
    pastDate: "This product is genuine, but it is past its best-before date ({{date}}).",
    viewProduct: "View product",
    invalidTitle: "INVALID CODE!",
    invalidMessage:
      "The code ({{code}}) you entered was found to be counterfeit. Please return this product to the seller or distributor, as it may damage your skin.",
    firstVerified: "This code was first verified on {{date}}. If that was not you, the label may have been copied: you can report where you bought it.",
    packFirstVerified: "This pack's PIN was first entered on {{date}}. If that was not you, the pack may have been opened before or its label copied: you can report where you bought it.",
    reportPrompt: "Tell us where you bought it: we follow up every report.",
    report: "Report where you bought it",
    okay: "Okay",
    recalledTitle: "Genuine, but recalled",
    recalledMessage: "This product ({{code}}) is genuine, but its lot has been recalled.",
    recallSince: "Has been recalled since {{date}}",
    recallNotice: "The brand's notice",
    recallHeading: "Product safety recall",
    recallStop: "Stop using this product.",
    recallHazard: "Hazard",
    recallRemedy: "What to do",
    recallGtin: "GTIN",
    recallWhatToDo: "Return it to the shop where you bought it, or contact us and we will help.",
    recallContact: "Contact us",
  },
  // A two-part pack's public page (issue 27): reached from its QR code or by typing its serial.
  pack: {
    metaTitle: "Check this pack",
    eyebrow: "Check before you buy",
    title: "Is this pack genuine?",
    serial: "Serial",
    pastDate: "Past its best-before date",
    sealed: "This serial is ours: a genuine pack whose PIN has not been used. This check used nothing up. After you buy it, scratch the panel and enter the PIN below.",
    sealedRecalled: "This serial is ours, but its lot has been recalled: do not use this product. Read the notice below.",
    verified:
      "This pack was verified on {{date}} ({{country}}). If the scratch panel on the pack in your hand is still intact, this label is a copy: do not buy it.",
    own: "You redeemed this pack on {{date}}. It is genuine, and its PIN is used up: there is nothing more to do.",
    unknownCountry: "country unknown",
    // A serial we never made under one of our GTINs: that product's own links (decision 190).
    named: {
      title: "About the product this label names",
      text: "We did not make this pack. This is what we publish about {{product}}:",
    },
    pinLabel: "PIN under the scratch panel",
    pinHint: "9 letters and numbers, printed in threes under the scratch panel (ABC\u2011DEF\u2011GHJ). Spaces and dashes do not matter.",
    pinHintShort: "8 letters and numbers, as printed under the scratch panel (ABCD\u2011EFGH). Spaces and dashes do not matter.",
    pinPlaceholder: "ABC-DEF-GHJ",
    pinPlaceholderShort: "ABCD-EFGH",
    submit: "Verify Pack",
    pinEmpty: "Please enter the PIN from under the scratch panel",
    pinFormat: "A PIN has 8 or 9 letters and numbers (A–Z, 2–9), as printed under the scratch panel.",
  },
  // A PIN typed where a code goes (decision 165): recognised by its shape, never a verdict.
  pin: {
    message:
      "This looks like the PIN from under a scratch panel. A PIN is entered on its own pack's page: scan the QR code on the outer label, or type the serial printed beside it instead of the PIN. Nothing was checked or used up.",
  },
  guide: {
    title: "Where to find your code",
    body: "Every genuine product carries one of two labels. A one-time code: a QR code and a unique 8-character code; scan or type it, and the check uses it up. A two-part label: a QR code with the pack's serial printed beside it, which anyone may check in the shop without using anything up, and a PIN under a scratch panel that the buyer enters on the pack's page after buying it.",
    imageAlt: "A phone scanning the QR code on a product label; the code is printed beside it.",
  },
  explainer: {
    title: "How authentication works",
    steps: [
      { title: "Find the label", body: "Look for the authenticity label on the box or the bottle." },
      { title: "Enter or scan the code", body: "Type the code as printed, or scan the QR code to open this page with it filled in." },
      { title: "Get your answer at once", body: "A genuine one-time code is confirmed at once, then used up for good. A pack's serial can be checked as often as you like; its PIN is entered once, after you buy." },
    ],
  },
  features: {
    title: "How we protect you",
    items: [
      "A unique code for every single item, never reused",
      "Each one-time code and each pack's PIN works once: a copied label shows itself",
      "The check runs on our own server, not on a third-party site",
      "Results in English and Arabic, on any phone",
    ],
  },
  why: {
    title: "Why it matters",
    body: "Counterfeit creams and lotions can contain unknown or harmful ingredients that irritate or damage the skin. Checking takes a few seconds and tells you that what you put on your skin is the product we made and tested.",
  },
  commitment: {
    title: "Our commitment",
    body: "We stand behind every product that leaves our facility. If a check ever worries you, tell us: we answer every message and help you get a genuine product.",
    contact: "Contact customer service",
  },
  faq: {
    title: "Frequently asked questions",
    items: [
      {
        q: "Can a code be used more than once?",
        a: "No. Each code works once. A fake number is flagged at once if it is a duplicate or invalid.",
      },
      {
        q: "My code is invalid or already used. What should I do?",
        a: "Please contact our customer service with a photo of the label and where you bought the product. We will help you.",
      },
      {
        q: "I checked my product twice. Why does the second check say counterfeit?",
        a: "The first check uses the code up. The second check shows when the code was first verified: if that was you, your product is genuine.",
      },
      {
        q: "I typed the PIN from under the scratch panel and the page asks for the serial. Why?",
        a: "A PIN belongs to one pack, so it is entered on that pack's page. Scan the QR code on the outer label, or type the serial printed beside it: the pack's page opens and asks for the PIN.",
      },
      {
        q: "Do I need an account to verify a product?",
        a: "No. Anyone can check a code, in English or Arabic, without signing in.",
      },
    ],
  },
};
