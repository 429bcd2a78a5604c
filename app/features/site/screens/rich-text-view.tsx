import type { ReactNode } from "react";
import type { Segment } from "~/platform/catalog/rich-text";

/** Renders parsed text: {heading} segments as bold headings, paragraphs, and numbered steps as a list. */
export function RichText({ segments }: { segments: Segment[] }) {
  const blocks: ReactNode[] = [];
  let steps: Extract<Segment, { kind: "step" }>[] = [];
  const flushSteps = () => {
    if (!steps.length) return;
    const first = steps[0]!.number;
    blocks.push(
      <ol key={`steps-${blocks.length}`} start={first} className="space-y-4">
        {steps.map((step) => (
          <li key={step.number} className="flex gap-4">
            <span aria-hidden="true" className="grid size-8 shrink-0 place-items-center rounded-full bg-accent-100 text-sm font-semibold text-accent-800">
              {step.number}
            </span>
            <span className="pt-1 text-ink-700">{step.text}</span>
          </li>
        ))}
      </ol>,
    );
    steps = [];
  };
  segments.forEach((segment, i) => {
    if (segment.kind === "step") {
      steps.push(segment);
      return;
    }
    flushSteps();
    blocks.push(
      segment.kind === "heading" ? (
        <h3 key={i} className="pt-2 font-bold text-ink-900">
          {segment.text}
        </h3>
      ) : (
        <p key={i} className="leading-relaxed text-ink-700">
          {segment.text}
        </p>
      ),
    );
  });
  flushSteps();
  return <div className="space-y-3" data-testid="rich-text">{blocks}</div>;
}
