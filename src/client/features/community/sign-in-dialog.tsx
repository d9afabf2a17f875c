import { SignInPrompt } from '../../components/sign-in-prompt';
import { ModalOnDemand } from '../../components/modal-on-demand';

/** The support groups are open to everyone; joining one or posting asks visitors, kindly, to sign in first. */
export function SignInDialog({ reason, onClose }: { reason: string | null; onClose: () => void }) {
  return (
    <ModalOnDemand opened={reason !== null} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Join the conversation" centered>
      {reason !== null && <SignInPrompt reason={reason} />}
    </ModalOnDemand>
  );
}
