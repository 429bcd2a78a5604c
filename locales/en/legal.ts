/** One section of a legal page: paragraphs, then optional bullet items or term/description pairs. */
export type LegalSection = {
  id: string;
  heading: string;
  paragraphs: string[];
  items?: string[];
  definitions?: { term: string; text: string }[];
  /** Ends the section with the brand's e-mail address. */
  email?: boolean;
  /** Links the section ends with (a licence's required attribution, for example). */
  links?: { href: string; label: string }[];
};

export type LegalPage = {
  metaTitle: string;
  metaDescription: string;
  title: string;
  intro: string;
  sections: LegalSection[];
};

const privacy: LegalPage = {
  metaTitle: "Privacy Policy",
  metaDescription:
    "What the {{brand}} website stores when you contact us or verify a product, why, for how long, and the few cookies it uses.",
  title: "Privacy Policy",
  intro:
    "{{brand}} makes skin and body care products. This policy explains what this website stores when you use it, why, for how long, and how to reach us about it. It is short because we collect very little.",
  sections: [
    {
      id: "who-we-are",
      heading: "Who we are",
      paragraphs: [
        "This website is run by {{brand}}, which is responsible for the data described below. For any question about your data, write to us at the address at the end of this page.",
      ],
    },
    {
      id: "messages",
      heading: "Messages you send us",
      paragraphs: [
        "When you send a message through the contact form we store the name, the WhatsApp number and the message you typed, with the time it arrived. Only our team can read them, in the protected admin area, and we use them only to answer you. We do not add you to any mailing list and we do not send you advertising.",
        "We keep a message as long as we need it to answer you and follow up on your request. Ask us at any time and we will delete it.",
      ],
    },
    {
      id: "verification",
      heading: "When you verify a product",
      paragraphs: [
        "Each time a code is checked we record the code as it was typed (shortened if very long), which of our codes it matched, the result, the time, the language of the page and your browser's user-agent line (also shortened).",
        "We use this record to show you the same result again if you reload or share the result page, to mark a genuine code as used so that it cannot be reused on a copied label, and to spot cloned labels whose code is checked many times.",
        "Your network (IP) address is never stored as it is. We keep only a keyed hash of it: a one-way fingerprint computed with a secret key that never leaves our server, which cannot be turned back into your address. It lets us limit repeated attempts from one connection without knowing who you are.",
        "We also record the country your connection comes from, looked up on our own server in a copy of a public country database, so that we can see where checks and copied labels come from. Private networks have no country, and the address itself is still never stored.",
        "We keep the record of each check for 400 days (the period this site is set to), then delete it. Only daily totals remain after that: how many checks there were each day, with which result, per product and per country.",
        "The country database is DB-IP's IP to Country Lite, licensed under the Creative Commons Attribution 4.0 International licence:",
      ],
      links: [{ href: "https://db-ip.com", label: "IP Geolocation by DB-IP" }],
    },
    {
      id: "reports",
      heading: "When you report where you bought a product",
      paragraphs: [
        "If a check does not confirm a genuine product, you can tell us where you bought it: the shop or seller, the city, the country and the date of purchase, and, if you wish, a photo of the pack and a phone number or e-mail address for our reply. We keep your report with the check it came from; only our team sees it, and we use it to follow up counterfeits and to answer you.",
        "Before a photo is kept we remove the details hidden in it, such as the place and time it was taken and the camera. Ask us at any time and we will delete your report.",
      ],
    },
    {
      id: "abuse-limits",
      heading: "Limits against abuse",
      paragraphs: [
        "To stop anyone from guessing codes, forcing the admin sign-in or flooding the contact form, we count recent attempts per connection (again only by its keyed hash) and, for the admin sign-in, per username. These counters expire by themselves once their time window has passed, usually within minutes.",
      ],
    },
    {
      id: "cookies",
      heading: "Cookies",
      paragraphs: [
        "We use only the cookies the site needs to work. None of them follows you to other sites, and we use no advertising or analytics cookies.",
      ],
      definitions: [
        { term: "lng", text: "Remembers the language you chose (English or Arabic), for one year." },
        {
          term: "tz",
          text: "Your device's time zone (for example Asia/Riyadh), so that times such as a code's first verification are shown in your local time, for one year.",
        },
        {
          term: "toast",
          text: "Carries a one-time confirmation, such as “Message sent”, to the next page. It is deleted as soon as it has been shown, and after one minute at most.",
        },
        {
          term: "__Host-access_token, __Host-refresh_token",
          text: "Keep our administrators signed in to the admin area, for 7 and 30 days at most. They are set only for administrators, never for shoppers, and removed when they sign out.",
        },
        {
          term: "__Host-admin_device",
          text: "Remembers that this browser has signed in to an administrator's account before, so that failed sign-ins from elsewhere never lock it out, for one year. Set only for administrators.",
        },
      ],
    },
    {
      id: "what-we-do-not-do",
      heading: "What we do not do",
      paragraphs: [
        "We do not sell or rent your data and we do not show advertising. We load no trackers, analytics or fonts from other companies: everything on these pages comes from our own server. The links to Instagram, Facebook and Twitter take you to those services, whose own privacy policies then apply.",
      ],
    },
    {
      id: "storage",
      heading: "Where your data is kept",
      paragraphs: [
        "The data is kept in the database of the server that runs this website. Only our administrators can reach it, after signing in with a password that is stored only as a strong one-way hash. We share it with nobody, unless the law obliges us to.",
      ],
    },
    {
      id: "your-rights",
      heading: "Your rights",
      paragraphs: [
        "You can ask us what we hold about you, and ask us to correct or delete it. Verification records carry neither your name nor your address, so to find yours we need the code you checked and roughly when you checked it.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to this policy",
      paragraphs: ["When we change this policy we update the date at the top of this page."],
    },
    {
      id: "contact",
      heading: "Contact",
      paragraphs: ["Questions about your privacy are welcome at:"],
      email: true,
    },
  ],
};

const terms: LegalPage = {
  metaTitle: "Terms of Use",
  metaDescription: "The rules for using the {{brand}} website and its product verification service.",
  title: "Terms of Use",
  intro:
    "These terms apply to your use of the {{brand}} website, including its product verification service. By using the site you accept them.",
  sections: [
    {
      id: "official-website",
      heading: "The official website",
      paragraphs: [
        "This is the only official website of {{brand}}. Sites, pages or messages that copy our name, logo or products are not run by us, and we are not responsible for them. Never enter a verification code, personal details or payment details on them, and please tell us when you find one.",
      ],
    },
    {
      id: "verification",
      heading: "Checking a product",
      paragraphs: [
        "Each code printed on a {{brand}} label works once. The first successful check confirms the product as genuine and marks the code as used. Any later check of the same code, and any code we did not issue, is reported as not genuine.",
        "If your product is reported as not genuine, stop using it, return it to the seller or distributor, and contact us with the code and where you bought it. If you had already checked your own genuine product before, the result page tells you when the code was first verified.",
        "A genuine result confirms that the label comes from us. It cannot tell how the product was stored or handled after it left us, so also check the packaging and the expiry date.",
      ],
    },
    {
      id: "fair-use",
      heading: "Fair use",
      paragraphs: [
        "Do not try to guess, collect or test codes in bulk, do not send automated requests to the site or its API, and do not interfere with its security. We limit repeated attempts and may block access that abuses the service.",
      ],
    },
    {
      id: "product-information",
      heading: "Product information",
      paragraphs: [
        "We describe our products and their use as accurately as we can. These descriptions are general information, not medical advice. Before first use, try a small amount on a small area of skin, and stop using any product that irritates your skin. Products are not sold on this website; they are available from our authorised sellers.",
      ],
    },
    {
      id: "intellectual-property",
      heading: "Intellectual property",
      paragraphs: [
        "The texts, illustrations, logo and brand name on this site belong to {{brand}}. You are welcome to share links to our pages, but not to copy their content to present it as your own or to imitate our site.",
      ],
    },
    {
      id: "other-services",
      heading: "Links to other services",
      paragraphs: [
        "Our pages link to our accounts on Instagram, Facebook and Twitter. Those services are run by other companies under their own terms.",
      ],
    },
    {
      id: "liability",
      heading: "Availability and liability",
      paragraphs: [
        "We work to keep the site available and accurate, but we cannot promise that it will always be available or free of mistakes. As far as the law allows, we are not liable for losses caused by using the site or by being unable to use it. Nothing in these terms limits the rights you have as a consumer under the law.",
      ],
    },
    {
      id: "changes",
      heading: "Changes to these terms",
      paragraphs: ["We may update these terms. The date at the top of this page shows when they last changed."],
    },
    {
      id: "contact",
      heading: "Contact",
      paragraphs: ["Questions about these terms are welcome at:"],
      email: true,
    },
  ],
};

export default {
  updated: "Last updated: {{date}}",
  contents: "On this page",
  privacy,
  terms,
};
