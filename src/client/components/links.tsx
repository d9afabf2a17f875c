import { Anchor, Button, type AnchorProps, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { ComponentPropsWithRef } from 'react';

// Mantine's `component={Link}` loses the router's types for `search` and `params`; these keep them.

function ButtonAnchor(props: ButtonProps & ComponentPropsWithRef<'a'>) {
  return <Button component="a" {...props} />;
}

function MantineAnchor(props: AnchorProps & ComponentPropsWithRef<'a'>) {
  return <Anchor {...props} />;
}

const CreatedButtonLink = createLink(ButtonAnchor);
const CreatedAnchorLink = createLink(MantineAnchor);

/** A Mantine Button that navigates like a router Link. */
export const ButtonLink: LinkComponent<typeof ButtonAnchor> = (props) => <CreatedButtonLink {...props} />;

/** A Mantine Anchor that navigates like a router Link. */
export const AnchorLink: LinkComponent<typeof MantineAnchor> = (props) => <CreatedAnchorLink {...props} />;
