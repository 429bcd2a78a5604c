import type { ConfigData } from "html-validate";

/**
 * html-validate's recommended rules, less those about the style of markup React itself writes (not
 * ours to choose, and not errors in HTML):
 * - attr-case: React serialises a few attributes in camelCase (charSet, hrefLang, fetchPriority);
 *   HTML attribute names are case-insensitive.
 * - attribute-boolean-style, attribute-empty-style: React writes boolean attributes as `hidden=""`.
 * - void-style: React closes void elements (`<meta … />`).
 * - no-inline-style: React's `style` prop (an off-screen capture card, measured widths).
 * - valid-id (strict): React's useId gives ids such as `_R_2b5_`, valid in HTML; checked in relaxed mode.
 * - form-dup-name: a group of checkboxes shares one name (the API key's scopes, a webhook's events),
 *   as radios do; the rule's default allows it for radios only.
 * Every other rule stays on, unique-landmark among them.
 */
export const htmlValidateConfig: ConfigData = {
  extends: ["html-validate:recommended"],
  rules: {
    "attr-case": "off",
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    "void-style": "off",
    "no-inline-style": "off",
    "valid-id": ["error", { relaxed: true }],
    "form-dup-name": ["error", { shared: ["radio", "checkbox", "button", "reset", "submit"] }],
  },
};
