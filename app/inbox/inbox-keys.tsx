// The inbox's keys for people who work a queue, and the dialog that lists them (opened with ?).
// Keys never act while someone is typing in a field.
import { Modal } from '../components/ui/modal.tsx';

/** True when a key press belongs to a field (typing), not to the page's shortcuts. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement) return true;
  if (target instanceof HTMLInputElement)
    return !['checkbox', 'radio', 'button', 'submit', 'reset'].includes(target.type);
  return false;
}

const LIST_KEYS: [string, string][] = [
  ['j', 'Next submission'],
  ['k', 'Previous submission'],
  ['Enter', 'Open the submission'],
  ['x', 'Select or unselect the submission'],
  ['/', 'Search'],
  ['?', 'Show these keys'],
];
const DETAIL_KEYS: [string, string][] = [
  ['[', 'Previous submission in the list'],
  [']', 'Next submission in the list'],
  ['?', 'Show these keys'],
];

export function KeyboardHelp({
  open,
  onClose,
  where,
}: {
  open: boolean;
  onClose: () => void;
  where: 'list' | 'detail';
}) {
  return (
    <Modal open={open} title="Keyboard keys" onClose={onClose} size="sm">
      <p>Keys work whenever you are not typing in a field.</p>
      <dl className="inbox-keys">
        {(where === 'list' ? LIST_KEYS : DETAIL_KEYS).map(([key, what]) => (
          <div key={key}>
            <dt>
              <kbd>{key}</kbd>
            </dt>
            <dd>{what}</dd>
          </div>
        ))}
      </dl>
    </Modal>
  );
}
