import { LegalDocument } from "~/ui/legal-page";

export default function Terms() {
  return <LegalDocument page="terms" related="privacy" />;
}
