export default {
  metaTitle: "Verify your product",
  metaDescription: "Check that your product is genuine with the one-time code printed on its label.",
  resultMetaTitle: "Verification result",
  hero: {
    eyebrow: "Authenticity check",
    title: "Verify your product",
    lead: "Enter the code printed on your product's label, or scan its QR code, to make sure it is genuine.",
  },
  form: {
    label: "Verification code",
    placeholder: "ABCD-1234",
    hint: "8 letters and numbers, as printed on the label. Spaces and dashes do not matter.",
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
    recalled: "Code {{code}} is genuine, but this product has been recalled. Stop using it and read the recall notice.",
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
    recallSince: "Recalled since {{date}}",
    recallNotice: "The brand's notice",
    recallWhatToDo: "Stop using this product. Return it to the shop where you bought it, or contact us and we will help.",
    recallContact: "Contact us",
  },
  // A two-part pack's public page (issue 27): reached from its QR code or by typing its serial.
  pack: {
    metaTitle: "Check this pack",
    eyebrow: "Check before you buy",
    title: "Is this pack genuine?",
    serial: "Serial",
    pastDate: "Past its best-before date",
    sealed: "Genuine pack, not yet verified. After you buy it, scratch the panel and enter the PIN here.",
    sealedRecalled: "Genuine pack, but its lot has been recalled: do not use it. Read the notice below.",
    verified:
      "This pack was verified on {{date}} ({{country}}). If the panel on the pack in your hand is still intact, this label is a copy: do not buy it.",
    unknownCountry: "country unknown",
    pinLabel: "PIN under the panel",
    pinHint: "8 letters and numbers, as printed under the scratch panel. Spaces and dashes do not matter.",
    submit: "Verify Pack",
    pinEmpty: "Please enter the PIN from under the panel",
    pinFormat: "A PIN has 8 letters and numbers (A–Z, 2–9), as printed under the panel.",
  },
  guide: {
    title: "Where to find your code",
    body: "Every genuine product carries a label with a QR code and a unique 8-character code. Scan the QR code with your phone's camera, or type the code into the box above.",
    imageAlt: "A phone scanning the QR code on a product label; the 8-character code is printed beside it.",
  },
  explainer: {
    title: "How authentication works",
    steps: [
      { title: "Find the label", body: "Look for the authenticity label on the box or the bottle." },
      { title: "Enter or scan the code", body: "Type the code as printed, or scan the QR code to open this page with it filled in." },
      { title: "Get your answer at once", body: "A genuine code is confirmed immediately, and then it is used up for good." },
    ],
  },
  features: {
    title: "How we protect you",
    items: [
      "A unique code for every single item, never reused",
      "Each code works once: a copied code is flagged immediately",
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
        q: "Do I need an account to verify a product?",
        a: "No. Anyone can check a code, in English or Arabic, without signing in.",
      },
    ],
  },
};
