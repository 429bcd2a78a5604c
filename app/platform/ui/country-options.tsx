/** The options of a country picker: "any" (or a prompt) first, then every country by its name. */
export function CountryOptions({ countries, first }: { countries: readonly { code: string; name: string }[]; first: string }) {
  return (
    <>
      <option value="">{first}</option>
      {countries.map((c) => (
        <option key={c.code} value={c.code}>
          {c.name}
        </option>
      ))}
    </>
  );
}
