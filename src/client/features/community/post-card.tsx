import { ActionIcon, Avatar, Badge, Button, Card, Group, Image, Menu, Stack, Text } from '@mantine/core';
import { IconDots, IconFlag, IconHeart, IconHeartFilled, IconMessageCircle, IconTrash } from '@tabler/icons-react';
import { useDropdownOnDemand } from '../../components/dropdown-on-demand';
import { TimeAgo } from '../../components/time-ago';
import type { PostDto } from '../../../shared/schemas/community';

export interface PostActions {
  viewerId: number;
  onLike: (post: PostDto) => void;
  onDiscuss: (post: PostDto) => void;
  onDelete: (post: PostDto) => void;
  onReport: (post: PostDto) => void;
}

export function PostAuthor({ name, image, createdAt }: { name: string; image: string | null; createdAt: string }) {
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={image} name={name} color="initials" radius="xl" size={36} alt="" />
      <div>
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          <TimeAgo at={createdAt} />
        </Text>
      </div>
    </Group>
  );
}

/** Text that keeps the writer's line breaks; always text, never HTML. */
export function PlainText({ children, lineClamp }: { children: string; lineClamp?: number }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={lineClamp}>
      {children}
    </Text>
  );
}

export function PostTags({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <Group gap={6}>
      {tags.map((tag) => (
        <Badge key={tag} variant="light" color="apricot" tt="none">
          #{tag}
        </Badge>
      ))}
    </Group>
  );
}

export function PostCard({ post, actions }: { post: PostDto; actions: PostActions }) {
  const own = actions.viewerId === post.userId;
  const options = useDropdownOnDemand();
  return (
    <Card component="article" aria-label={post.title} padding="lg">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <PostAuthor name={post.userName} image={post.userImage} createdAt={post.createdAt} />
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" color="gray" aria-label="Post options" onClick={options.mount}>
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            {options.mounted && (
              <Menu.Dropdown>
                {own ? (
                  <Menu.Item color="red" leftSection={<IconTrash size={16} aria-hidden />} onClick={() => actions.onDelete(post)}>
                    Delete post
                  </Menu.Item>
                ) : (
                  <Menu.Item leftSection={<IconFlag size={16} aria-hidden />} onClick={() => actions.onReport(post)}>
                    Report post
                  </Menu.Item>
                )}
              </Menu.Dropdown>
            )}
          </Menu>
        </Group>
        <Text fw={650} size="lg" style={{ overflowWrap: 'anywhere' }}>
          {post.title}
        </Text>
        <PlainText lineClamp={6}>{post.content}</PlainText>
        {/* The list shows the small copy; the discussion shows the image in full. */}
        {post.thumbnail && (
          <Image src={post.thumbnail} alt={`Image for ${post.title}`} loading="lazy" radius="md" mah={360} fit="contain" bg="var(--mantine-color-default-hover)" />
        )}
        <PostTags tags={post.tags} />
        <Group gap="xs">
          <Button
            variant={post.likedByMe ? 'light' : 'subtle'}
            color={post.likedByMe ? 'red' : 'gray'}
            size="compact-sm"
            leftSection={post.likedByMe ? <IconHeartFilled size={16} aria-hidden /> : <IconHeart size={16} aria-hidden />}
            aria-pressed={post.likedByMe}
            aria-label={`${post.likedByMe ? 'Unlike' : 'Like'} (${post.likes} ${post.likes === 1 ? 'like' : 'likes'})`}
            onClick={() => actions.onLike(post)}
          >
            {post.likes}
          </Button>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconMessageCircle size={16} aria-hidden />}
            aria-label={`Discuss (${post.comments} ${post.comments === 1 ? 'comment' : 'comments'})`}
            onClick={() => actions.onDiscuss(post)}
          >
            {post.comments}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
