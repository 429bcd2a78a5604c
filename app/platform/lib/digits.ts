/**
 * Arabic-Indic (٠–٩) and Eastern Arabic-Indic (۰–۹) digits as Latin ones, everything else as it is:
 * what a phone's Arabic keyboard types into a code, a phone number or a two-factor code.
 */
export function latinDigits(value: string): string {
  return value.replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660)).replace(/[\u06f0-\u06f9]/g, (d) => String(d.charCodeAt(0) - 0x06f0));
}
