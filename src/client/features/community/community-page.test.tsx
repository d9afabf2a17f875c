// @vitest-environment happy-dom
import '../../test/dom-setup';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, startLiveServer, type LiveServer } from '../../test/live-server';
import { renderApp } from '../../test/render-app';

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
});
afterAll(() => server.close());
afterEach(() => cleanup());

/** A call from the page's own cookie jar, as the signed-in parent. */
async function api(method: string, path: string, body?: unknown) {
  const response = await fetch(path, {
    method,
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const feedTitles = () => screen.getAllByRole('article').map((post) => post.getAttribute('aria-label'));

describe('Community, signed out', () => {
  it('shows no posts but a sign-in prompt in place of the feed, and asks to sign in before writing', async () => {
    const { user } = renderApp('/community');
    expect(await screen.findByRole('heading', { level: 1, name: 'Community' })).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Activity Feed' })).toHaveAttribute('aria-selected', 'true');
    const prompt = (await screen.findByText('Sign in to read and share posts with other parents')).closest('.mantine-Card-root') as HTMLElement;
    expect(within(prompt).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', expect.stringMatching(/^\/sign-in\?redirect=/));
    expect(screen.queryByRole('article')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Sign in to share a post with other parents')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Create Post' })).not.toBeInTheDocument();
  });

  it('still shows the support groups and their descriptions', async () => {
    const { user } = renderApp('/community');
    await user.click(await screen.findByRole('tab', { name: 'Support Groups' }));
    const autism = await screen.findByRole('article', { name: 'Autism Parent Circle' });
    expect(within(autism).getByRole('button', { name: 'View group' })).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(5);
  });
});

describe('Community, signed in', () => {
  beforeAll(() => server.signIn(demoAccounts.parent));

  it('keeps Publish disabled until both title and content are filled, and says what is missing when one is blank', async () => {
    const { user } = renderApp('/community');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    const publish = within(dialog).getByRole('button', { name: 'Publish' });
    expect(publish).toBeDisabled();

    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Sleep regression at 18 months');
    expect(publish).toBeDisabled();
    await user.type(within(dialog).getByRole('textbox', { name: /Content/ }), '   ');
    expect(publish).toBeEnabled();
    await user.click(publish);
    expect(await screen.findByText('Missing information')).toBeInTheDocument();
    expect(screen.getByText('Please provide both a title and content for your post.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Sleep regression at 18 months' })).not.toBeInTheDocument();
  });

  it('parses tags as typed: split on commas, trimmed, empties dropped, at most 10', async () => {
    const { user } = renderApp('/community');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    const tagsBox = within(dialog).getByRole('textbox', { name: /Tags/ });

    await user.type(tagsBox, ' sleep , ,toddlers,, Sleep ,');
    const preview = within(dialog).getByLabelText('Tags to add');
    expect(within(preview).getAllByText(/.+/, { selector: '.mantine-Badge-label' }).map((tag) => tag.textContent)).toEqual(['sleep', 'toddlers']);

    await user.clear(tagsBox);
    await user.type(tagsBox, 'a,b,c,d,e,f,g,h,i,j,k');
    expect(within(dialog).getByText('A post has at most 10 tags.')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), 'Tags');
    await user.type(within(dialog).getByRole('textbox', { name: /Content/ }), 'Too many tags');
    expect(within(dialog).getByRole('button', { name: 'Publish' })).toBeDisabled();
  });

  it('publishes a post first in the feed with its tags, says so, and resets the form', async () => {
    const { user } = renderApp('/community');
    await screen.findAllByRole('article');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    let dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    await user.type(within(dialog).getByRole('textbox', { name: /Title/ }), '  Sleep regression at 18 months  ');
    await user.type(within(dialog).getByRole('textbox', { name: /Content/ }), 'Did it pass for you? <b>Any tips</b> welcome.');
    await user.type(within(dialog).getByRole('textbox', { name: /Tags/ }), 'sleep, , toddlers ');
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));

    expect(await screen.findByText('Post created!')).toBeInTheDocument();
    await waitFor(() => expect(feedTitles()[0]).toBe('Sleep regression at 18 months'));
    const post = screen.getByRole('article', { name: 'Sleep regression at 18 months' });
    // User text is shown as text, never as markup.
    expect(within(post).getByText('Did it pass for you? <b>Any tips</b> welcome.')).toBeInTheDocument();
    expect(post.querySelector('b')).toBeNull();
    expect(within(post).getByText('#sleep')).toBeInTheDocument();
    expect(within(post).getByText('#toddlers')).toBeInTheDocument();
    expect(within(post).getByText('just now')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    dialog = await screen.findByRole('dialog', { name: 'Create Post' });
    expect(within(dialog).getByRole('textbox', { name: /Title/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: /Content/ })).toHaveValue('');
    expect(within(dialog).getByRole('textbox', { name: /Tags/ })).toHaveValue('');

    const stored = await api('GET', '/api/community/posts?limit=1');
    expect((stored.body.items as { title: string; tags: string[] }[])[0]).toMatchObject({ title: 'Sleep regression at 18 months', tags: ['sleep', 'toddlers'] });
  });

  it('counts a like at once and keeps it', async () => {
    await api('POST', '/api/community/posts', { title: 'Like me', content: 'A post to like.' });
    const { user } = renderApp('/community');
    const post = await screen.findByRole('article', { name: 'Like me' });
    await user.click(within(post).getByRole('button', { name: 'Like (0 likes)' }));
    expect(within(post).getByRole('button', { name: 'Unlike (1 like)' })).toBeInTheDocument();
    await waitFor(async () => {
      const page = await api('GET', '/api/community/posts?limit=1');
      expect((page.body.items as { likes: number; likedByMe: boolean }[])[0]).toMatchObject({ likes: 1, likedByMe: true });
    });
  });

  it('takes a like back when the server refuses it', async () => {
    const created = await api('POST', '/api/community/posts', { title: 'Soon gone', content: 'This post is deleted before the like arrives.' });
    const { user } = renderApp('/community');
    const post = await screen.findByRole('article', { name: 'Soon gone' });
    expect((await api('DELETE', `/api/community/posts/${String(created.body.id)}`)).status).toBe(200);

    await user.click(within(post).getByRole('button', { name: 'Like (0 likes)' }));
    expect(await screen.findByText('Your like was not saved')).toBeInTheDocument();
    expect(within(post).getByRole('button', { name: 'Like (0 likes)' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('posts a comment in the discussion and counts it on the post', async () => {
    await api('POST', '/api/community/posts', { title: 'Talk to me', content: 'Comments welcome.' });
    const { user } = renderApp('/community');
    const post = await screen.findByRole('article', { name: 'Talk to me' });
    await user.click(within(post).getByRole('button', { name: 'Discuss (0 comments)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Discussion' });
    expect(await within(dialog).findByText('No comments yet')).toBeInTheDocument();

    const box = within(dialog).getByRole('textbox', { name: 'Add a comment' });
    await user.type(box, '   ');
    expect(within(dialog).getByRole('button', { name: 'Post comment' })).toBeDisabled();
    await user.type(box, 'We found white noise helped.');
    await user.click(within(dialog).getByRole('button', { name: 'Post comment' }));

    expect(await screen.findByText('Comment posted.')).toBeInTheDocument();
    const comments = await within(dialog).findByRole('list', { name: 'Comments' });
    expect(within(comments).getByText('We found white noise helped.')).toBeInTheDocument();
    expect(box).toHaveValue('');
    expect(within(post).getByRole('button', { name: 'Discuss (1 comment)' })).toBeInTheDocument();
  });

  it("shows each support group's first 3 tags and a '+N more' badge, and joins a group for real", async () => {
    const { user } = renderApp('/community');
    await user.click(await screen.findByRole('tab', { name: 'Support Groups' }));
    const groups = await screen.findAllByRole('article');
    expect(groups).toHaveLength(5);

    const tagsOf = (name: string) =>
      within(screen.getByRole('article', { name })).getAllByText(/.+/, { selector: '.mantine-Badge-label' }).map((tag) => tag.textContent);
    expect(tagsOf('Autism Parent Circle')).toEqual(['Joined', 'autism', 'asd', 'routines', '+2 more']);
    expect(tagsOf('Speech and Language Support')).toEqual(['speech', 'language delays', 'late talkers', '+3 more']);
    expect(tagsOf('ADHD Families')).toEqual(['adhd', 'attention', 'behaviour', '+1 more']);

    const adhd = screen.getByRole('article', { name: 'ADHD Families' });
    const membersBefore = Number(/(\d+) members?/.exec(adhd.textContent ?? '')?.[1]);
    await user.click(within(adhd).getByRole('button', { name: 'View group' }));
    const dialog = await screen.findByRole('dialog', { name: 'ADHD Families' });
    await user.click(within(dialog).getByRole('button', { name: 'Join Group' }));

    expect(await within(dialog).findByRole('button', { name: 'Leave' })).toBeInTheDocument();
    expect(within(dialog).getByText(new RegExp(`${membersBefore + 1} members? · .* · You are a member`))).toBeInTheDocument();
    const stored = await api('GET', '/api/community/groups');
    expect((stored.body as unknown as { name: string; joined: boolean }[]).find((g) => g.name === 'ADHD Families')?.joined).toBe(true);
  });
});
