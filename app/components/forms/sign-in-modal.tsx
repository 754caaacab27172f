// The navbar's Sign In modal (spec 2): loaded on first open; the form inside starts afresh on
// every opening (`resetKey`).
import { Modal } from '../ui/modal.tsx';
import { SignInForm } from './sign-in-form.tsx';

type SignInModalProps = {
  open: boolean;
  resetKey: number;
  onClose: () => void;
  returnFocus: () => HTMLElement | null | undefined;
};

export default function SignInModal({ open, resetKey, onClose, returnFocus }: SignInModalProps) {
  return (
    <Modal open={open} title="Sign in" onClose={onClose} returnFocus={returnFocus} size="sm">
      <p className="form-intro">For Haulora staff. Sign in with the account your administrator gave you.</p>
      <SignInForm key={resetKey} onSignedIn={onClose} />
    </Modal>
  );
}
