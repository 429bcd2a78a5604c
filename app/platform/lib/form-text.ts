/** A text field of a submitted form, capped (a file or a missing field reads as ""). */
export function formText(form: FormData, name: string, max = 200): string {
  const value = form.get(name);
  return typeof value === "string" ? value.slice(0, max) : "";
}
