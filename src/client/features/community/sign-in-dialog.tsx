import { Modal } from '@mantine/core';
import { SignInPrompt } from '../../components/sign-in-prompt';

/** The support groups are open to everyone; joining one or posting asks visitors, kindly, to sign in first. */
export function SignInDialog({ reason, onClose }: { reason: string | null; onClose: () => void }) {
  return (
    <Modal opened={reason !== null} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Join the conversation" centered>
      {reason !== null && <SignInPrompt reason={reason} />}
    </Modal>
  );
}
