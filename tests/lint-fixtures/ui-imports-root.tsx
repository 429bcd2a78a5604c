// at: app/platform/ui/fixture-language.tsx
import { loader } from "~/root";

export function Language() {
  return <p>{typeof loader}</p>;
}
