// Numbered steps (how an account is set up, from demo to go-live), as an ordered list.
import './step-list.css';

export type Step = { title: string; text: string };

export function StepList({ steps }: { steps: Step[] }) {
  return (
    <ol className="step-list">
      {steps.map((step) => (
        <li key={step.title} className="step">
          <h3>{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
