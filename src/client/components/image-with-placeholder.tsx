import { Box, Center, Image, type BoxProps, type MantineRadius } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';

interface ImageWithPlaceholderProps {
  src: string | null | undefined;
  alt: string;
  /** Sizes may differ by breakpoint ({ base: 64, sm: 96 }); CSS applies them, so nothing shifts after the first paint. */
  height: BoxProps['h'];
  width?: BoxProps['w'];
  radius?: MantineRadius;
  fit?: 'cover' | 'contain';
  /** Shown when there is no image or it fails to load. */
  placeholderIcon?: ReactNode;
}

/** An image that always has alt text and falls back to a soft placeholder. */
export function ImageWithPlaceholder({ src, alt, height, width = '100%', radius = 'md', fit = 'cover', placeholderIcon }: ImageWithPlaceholderProps) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Box
        role="img"
        aria-label={alt}
        h={height}
        w={width}
        bg="var(--mantine-color-default-hover)"
        style={{ borderRadius: `var(--mantine-radius-${radius})`, flexShrink: 0 }}
      >
        <Center h="100%" c="dimmed">
          {placeholderIcon ?? <IconPhoto size={28} stroke={1.4} aria-hidden />}
        </Center>
      </Box>
    );
  }
  return <Image src={src} alt={alt} h={height} w={width} radius={radius} fit={fit} onError={() => setFailed(true)} style={{ flexShrink: 0 }} />;
}
