import { LegalDocument } from "~/ui/legal-page";

export default function Privacy() {
  return <LegalDocument page="privacy" related="terms" />;
}
