import { Button, Card, Tabs } from '@mantine/core';
import { IconMessages, IconPencilPlus, IconUsersGroup } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/page-header';
import { SignInPrompt } from '../../components/sign-in-prompt';
import { useCurrentUser } from '../../lib/use-current-user';
import { CreatePostDialog } from './create-post-dialog';
import { FeedSkeletons, PostFeed } from './post-feed';
import { SignInDialog } from './sign-in-dialog';
import { SupportGroups } from './support-groups';

export function CommunityPage() {
  const { user, isLoading } = useCurrentUser();
  const [creating, setCreating] = useState(false);
  const [signInReason, setSignInReason] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Community"
        description="Share experiences, ask questions and find support from other parents."
        actions={
          <Button leftSection={<IconPencilPlus size={16} aria-hidden />} onClick={() => (user ? setCreating(true) : setSignInReason('share a post with other parents'))}>
            Create Post
          </Button>
        }
      />
      <Tabs defaultValue="feed" keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="feed" leftSection={<IconMessages size={16} aria-hidden />}>
            Activity Feed
          </Tabs.Tab>
          <Tabs.Tab value="groups" leftSection={<IconUsersGroup size={16} aria-hidden />}>
            Support Groups
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="feed" maw={760}>
          {/* Posts can name children's conditions: they are for signed-in parents only. The groups stay public. */}
          {isLoading ? (
            <FeedSkeletons />
          ) : user ? (
            <PostFeed viewerId={user.id} />
          ) : (
            <Card>
              <SignInPrompt reason="read and share posts with other parents" />
            </Card>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="groups">
          <SupportGroups signedIn={user !== null} askToSignIn={setSignInReason} />
        </Tabs.Panel>
      </Tabs>
      <CreatePostDialog opened={creating} onClose={() => setCreating(false)} />
      <SignInDialog reason={signInReason} onClose={() => setSignInReason(null)} />
    </>
  );
}
