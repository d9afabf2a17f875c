import { Badge, Button, FileInput, Group, Image, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import {
  MAX_IMAGE_BYTES,
  MAX_POST_CONTENT_LENGTH,
  MAX_TAGS,
  MAX_TAG_LENGTH,
  MAX_TITLE_LENGTH,
  imageContentTypes,
  isBlank,
  parseTags,
} from '../../../shared/community-rules';
import { NetworkButton } from '../../components/network-button';
import { toast } from '../../lib/toast';
import { trpc } from '../../lib/trpc';
import { ImageUploadError, uploadImage } from './upload-image';
import { useFeedCache } from './use-posts';
import { ModalOnDemand } from '../../components/modal-on-demand';

const IMAGE_ACCEPT = imageContentTypes.join(',');

/** What is wrong with the tags as typed, in the server's words, or null. */
export function tagsProblem(tags: readonly string[]): string | null {
  if (tags.length > MAX_TAGS) return `A post has at most ${MAX_TAGS} tags.`;
  if (tags.some((tag) => tag.length > MAX_TAG_LENGTH)) return `A tag has at most ${MAX_TAG_LENGTH} characters.`;
  return null;
}

/** Checks a picked file before it is previewed; the server checks the bytes again. */
function imageProblem(file: File): { title: string; message: string } | null {
  if (!(imageContentTypes as readonly string[]).includes(file.type)) {
    return { title: 'Please choose an image', message: 'Only PNG, JPEG, WebP or GIF images can be added to a post.' };
  }
  if (file.size > MAX_IMAGE_BYTES) return { title: 'That image is too large', message: 'Images can be up to 5 MB.' };
  return null;
}

/** The picked image and a local URL to preview it; the URL is released when the image is replaced. */
function useImagePick() {
  const [picked, setPicked] = useState<{ file: File; preview: string } | null>(null);
  const pick = (file: File | null) => {
    if (picked) URL.revokeObjectURL(picked.preview);
    setPicked(file ? { file, preview: URL.createObjectURL(file) } : null);
  };
  return { file: picked?.file ?? null, preview: picked?.preview ?? null, pick };
}

export function CreatePostDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [tagsText, setTagsText] = useState('');
  const image = useImagePick();
  const tags = parseTags(tagsText);
  const tagError = tagsProblem(tags);
  const utils = trpc.useUtils();
  const feed = useFeedCache();

  const reset = () => {
    setTitle('');
    setContent('');
    setTagsText('');
    image.pick(null);
  };

  const publish = useMutation({
    mutationFn: async () => {
      const imageId = image.file ? (await uploadImage(image.file)).id : null;
      return utils.client.community.posts.create.mutate({ title, content, tags, imageId });
    },
    onSuccess: (post) => {
      feed.prependPost(post);
      reset();
      onClose();
      toast({ title: 'Post created!', tone: 'success' });
    },
    onError: (error) =>
      toast({
        title: 'Failed to create post',
        message: error instanceof ImageUploadError ? error.message : 'There was an error creating your post. Please try again.',
        tone: 'error',
      }),
  });

  const pickImage = (file: File | null) => {
    const problem = file && imageProblem(file);
    if (problem) return toast({ ...problem, tone: 'error' });
    image.pick(file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(title) || isBlank(content)) {
      return toast({ title: 'Missing information', message: 'Please provide both a title and content for your post.', tone: 'error' });
    }
    if (tagError) return;
    publish.mutate();
  };

  return (
    <ModalOnDemand opened={opened} onClose={onClose} closeButtonProps={{ 'aria-label': 'Close' }} title="Create Post" size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Title"
            withAsterisk
            placeholder="What would you like to talk about?"
            value={title}
            onChange={(event) => setTitle(event.currentTarget.value)}
            maxLength={MAX_TITLE_LENGTH}
            data-autofocus
          />
          <Textarea
            label="Content"
            withAsterisk
            placeholder="Share your experience, a question or a tip..."
            value={content}
            onChange={(event) => setContent(event.currentTarget.value)}
            maxLength={MAX_POST_CONTENT_LENGTH}
            autosize
            minRows={4}
            maxRows={12}
          />
          <div>
            <TextInput
              label="Tags"
              description="Separate tags with commas."
              placeholder="sleep, toddlers, routines"
              value={tagsText}
              onChange={(event) => setTagsText(event.currentTarget.value)}
              error={tagError}
            />
            {tags.length > 0 && (
              <Group gap={6} mt={8} aria-label="Tags to add">
                {tags.map((tag) => (
                  <Badge key={tag} variant="light" tt="none">
                    {tag}
                  </Badge>
                ))}
              </Group>
            )}
          </div>
          <FileInput
            label="Image (optional)"
            description="PNG, JPEG, WebP or GIF, up to 5 MB. Location and camera details are removed from photos."
            accept={IMAGE_ACCEPT}
            value={image.file}
            onChange={pickImage}
            clearable
            leftSection={<IconPhoto size={16} aria-hidden />}
          />
          {image.preview && <Image src={image.preview} alt="Preview of the image for your post" mah={240} fit="contain" radius="md" />}
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <NetworkButton type="submit" disabled={title === '' || content === '' || tagError !== null} loading={publish.isPending}>
              Publish
            </NetworkButton>
          </Group>
          <Text size="xs" c="dimmed">
            Please be kind: posts are visible to every parent in the community.
          </Text>
        </Stack>
      </form>
    </ModalOnDemand>
  );
}
