/** A trap for bots: a field hidden from people and assistive technology; a filled one stores nothing. */
export function Honeypot({ id, name, label }: { id: string; name: string; label: string }) {
  return (
    <div className="absolute -start-[9999px] size-px overflow-hidden" aria-hidden="true">
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}
