import { Modal, type ModalProps } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';

/**
 * Mantine's Modal, in the tree only from the first time it opens. Closed, a Modal still renders its
 * portal, which renders again in a layout effect as it mounts: one for each dialog a screen keeps
 * ready, in the first commit a phone is busiest with (see useDropdownOnDemand).
 *
 * On that first opening it mounts closed and opens straight after, in the same task, so that
 * opening is an update: Mantine's focus return records the element to give focus back to only then.
 * That holds also when the Modal is put in the tree already open (`{wanted && <Dialog opened />}`):
 * it still commits closed first.
 */
export function ModalOnDemand({ opened, ...props }: ModalProps) {
  const [mounted, setMounted] = useState(false);
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the closed Modal must commit before it opens (above), so this cannot be derived during render
    if (opened) setMounted(true);
  }, [opened]);
  if (!mounted && !opened) return null;
  return <Modal {...props} opened={opened && mounted} />;
}
