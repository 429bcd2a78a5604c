/**
 * The GS1-Conformant resolver (issue 40, decision 190): the titles of the links a linkset gives (each in
 * its link's language), what a linkset's entries describe, why a Digital Link is refused, and the
 * recall status page a lot's `gs1:recallStatus` leads to.
 */
const en = {
  links: {
    productPage: "{{product}}",
    pip: "{{product}}: product information",
    instructions: "How to use {{product}}",
    ingredients: "Ingredients of {{product}}",
    safety: "Safe use of {{product}}",
    register: "Check your pack, then sign up for safety notices about {{product}}",
    check: "Check that your {{product}} is genuine",
    recallPage: "Recall status of {{product}}, lot {{lot}}",
    recallData: "Recall status of {{product}}, lot {{lot}} (data)",
    recallNotice: "Product safety recall: {{product}}, lot {{lot}}",
    pack: "This pack of {{product}}: check it, then redeem its PIN",
    packRegister: "Redeem this pack's PIN, then sign up for safety notices about {{product}}",
  },
  item: {
    product: "{{product}}",
    variant: "{{product}}, variant {{variant}}",
    lot: "{{product}}, lot {{lot}}",
    serial: "{{product}}, serial {{serial}}",
  },
  resolverName: "{{brand}} GS1 Digital Link resolver",
  // The 400 page of a link that breaks GS1's grammar (its words travel in the error's data, not in every page's dictionary).
  badLink: {
    title: "This link cannot be read",
    text: "It is not a valid GS1 Digital Link. If you scanned it from a pack, you can check the pack on the verify page.",
    verify: "Verify your product",
  },
  faults: {
    gtin: "The GTIN in this link is not valid: it needs 8, 12, 13 or 14 digits and the right check digit.",
    segments: "A part of this link has no value.",
    qualifier: "This link has a part GS1 does not allow after a GTIN: only a variant (22), a lot (10) and a serial (21).",
    order: "The parts of this link are out of order: the variant (22), the lot (10), then the serial (21), each once.",
    value: "A lot, serial or variant in this link is empty, longer than 20 characters, or has characters GS1 does not allow.",
    attribute: "A date in this link's query is not a real day (YYMMDD).",
    primary_key: "This link does not start with a GS1 primary key.",
  },
  notFound: {
    gtin: "This GTIN is not one of our products.",
    linkType: "This link has no link of the type asked for.",
  },
  recallPage: {
    metaTitle: "Recall status: {{product}}, lot {{lot}}",
    eyebrow: "Recall status",
    title: "{{product}}, lot {{lot}}",
    clear: "This lot is not recalled. If your pack carries it, you can keep using it as its label says.",
    productLink: "See the product",
    check: "Check your pack",
  },
};

export default en;
