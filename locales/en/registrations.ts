/** Registered buyers (decision 162): the sign-up under a genuine result, its links, the run page's figures, the mails. */
const en = {
  errors: {
    scan_not_found: "This check could not be found. Please check your code again.",
    not_genuine: "Only a genuine result can be registered for safety notices.",
    batch_not_found: "This print run does not exist.",
    token_invalid: "This link does not work any more: it was used already, it expired, or it was never valid.",
  },
  form: {
    title: "Get safety notices about this product",
    lead: "If this product is ever recalled, we e-mail you what to do. Optional; we use your address for nothing else.",
    email: "E-mail address",
    emailRequired: "Please enter your e-mail address.",
    emailInvalid: "Please enter a valid e-mail address, like name@example.com.",
    lang: "Language of the e-mails",
    langInvalid: "Please choose English or Arabic.",
    consent: "I agree that {{brand}} keeps my e-mail address with this product's lot to send me its safety notices, and deletes it some time after the lot's best-before date. I can unsubscribe at any time.",
    consentRequired: "Please tick the box to agree, or leave the form empty.",
    submit: "Send me the link",
    submitting: "Sending…",
    summary: "Please correct the fields marked below.",
    failed: "Your request could not be saved right now. Please try again in a moment.",
  },
  sent: {
    metaTitle: "Check your inbox",
    title: "Check your inbox",
    body: "We sent you a link. Open it within 7 days to confirm that you want safety notices about this product. Nothing is sent until you confirm.",
    toast: "Confirmation link sent.",
    back: "Check another product",
  },
  confirm: {
    metaTitle: "Confirm safety notices",
    title: "Confirm safety notices",
    body: "Confirm that you want to hear about lot {{lot}} of {{product}}.",
    button: "Confirm",
    doneTitle: "You will hear about this product",
    doneBody: "If this product is ever recalled, we will e-mail you. Every e-mail has a link to unsubscribe.",
  },
  unsubscribe: {
    metaTitle: "Unsubscribe",
    title: "Unsubscribe from safety notices",
    body: "Stop safety notices about this product to this address? Your registration is deleted.",
    button: "Unsubscribe",
    doneTitle: "You are unsubscribed",
    doneBody: "Your registration is deleted. We will not e-mail you about this product again.",
    expiredTitle: "This link has expired",
    expiredBody: "An unsubscribe link works for 90 days after its e-mail. We can e-mail a new one to the address this link was for.",
    resend: "E-mail me a new link",
    resending: "Sending…",
    sentTitle: "Check your inbox",
    sentBody: "If this link was yours, a new one is on its way to the address it was for. It works for 90 days.",
  },
  api: {
    created: "Check your inbox: a confirmation link was sent.",
    list: "Registrations",
  },
};

export default en;
