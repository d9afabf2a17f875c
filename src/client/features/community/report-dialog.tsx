import { Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { MAX_REPORT_REASON_LENGTH, isBlank } from '../../../shared/community-rules';
import type { PostDto } from '../../../shared/schemas/community';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ModalOnDemand } from '../../components/modal-on-demand';

/** Tells the moderators what is wrong with a post. */
export function ReportDialog({ post, onClose }: { post: PostDto | null; onClose: () => void }) {
  const [reason, setReason] = useState('');
  const report = trpc.community.posts.report.useMutation({
    onSuccess: () => {
      setReason('');
      onClose();
      toast({ title: 'Thank you for telling us', message: 'Our moderators will review this post.', tone: 'success' });
    },
    onError: () => toast({ title: 'Could not send your report', message: 'Something went wrong. Please try again.', tone: 'error' }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (post && !isBlank(reason)) report.mutate({ id: post.id, reason });
  };
  return (
    <ModalOnDemand opened={post !== null} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Report post">
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Reports are private. A moderator will look at this post and act if it breaks the community's rules.
          </Text>
          <Textarea
            label="What is wrong with this post?"
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            maxLength={MAX_REPORT_REASON_LENGTH}
            autosize
            minRows={3}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={isBlank(reason)} loading={report.isPending}>
              Send report
            </Button>
          </Group>
        </Stack>
      </form>
    </ModalOnDemand>
  );
}
