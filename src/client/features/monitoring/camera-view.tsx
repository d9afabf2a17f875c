import { ActionIcon, Box, Group, Stack, Text } from '@mantine/core';
import { useFullscreenElement } from '@mantine/hooks';
import { IconMaximize, IconMinimize, IconSwitchHorizontal, IconVideo } from '@tabler/icons-react';
import { Suspense, type ReactNode } from 'react';
import { DeferredTooltip } from '../../components/deferred-tooltip';
import { lazyNamed } from '../../lib/lazy-with-styles';

// The player (and, when a stream plays, hls.js) loads only where a camera can be watched. A lazy
// section, so that on a server-rendered page its code is loaded before hydration, as every other
// section's is. As plain React.lazy its boundary could still be waiting for code when the page
// updated, and React then replaces a boundary's server HTML; a Watch live tapped before hydration
// was lost (a clean-clone CI run, and 2 of 22 page loads in a loop that logs an activity and taps
// at once; none of 20 since).
const CameraPlayer = lazyNamed(() => import('./camera-player'), 'CameraPlayer');

interface CameraViewProps {
  caption: string;
  onSwitchCamera: () => void;
  canSwitch: boolean;
  /** Shown in the top corner, such as the live indicator. */
  corner?: ReactNode;
  /** The camera to play; without one the area stays a placeholder. */
  cameraId?: string | null;
}

/** The video area: the camera's live video (or a placeholder), its name, fullscreen and camera switch. */
export function CameraView({ caption, onSwitchCamera, canSwitch, corner, cameraId }: CameraViewProps) {
  const { ref, toggle, fullscreen } = useFullscreenElement<HTMLDivElement>();
  return (
    <Box
      ref={ref}
      pos="relative"
      style={{
        aspectRatio: fullscreen ? undefined : '16 / 9',
        height: fullscreen ? '100%' : undefined,
        borderRadius: fullscreen ? 0 : 'var(--mantine-radius-md)',
        overflow: 'hidden',
        background: 'linear-gradient(160deg, #24423d 0%, #1b2b33 100%)',
        color: 'white',
      }}
    >
      {cameraId ? (
        <Suspense fallback={<Placeholder />}>
          <CameraPlayer key={cameraId} cameraId={cameraId} placeholder={<Placeholder compact />} />
        </Suspense>
      ) : (
        <Placeholder />
      )}
      <Group pos="absolute" top={0} left={0} right={0} p="sm" justify="space-between" align="flex-start" wrap="nowrap" style={{ background: 'linear-gradient(rgba(0,0,0,0.45), transparent)' }}>
        <Text size="sm" fw={600} lineClamp={2}>
          {caption}
        </Text>
        {corner}
      </Group>
      <Group pos="absolute" bottom={0} right={0} p="sm" justify="flex-end" wrap="nowrap">
        <Group gap={6} wrap="nowrap">
          <DeferredTooltip label="Switch camera" disabled={!canSwitch}>
            <ActionIcon variant="white" color="dark" radius="xl" size="lg" aria-label="Switch camera" onClick={onSwitchCamera} disabled={!canSwitch}>
              <IconSwitchHorizontal size={18} aria-hidden />
            </ActionIcon>
          </DeferredTooltip>
          <DeferredTooltip label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'}>
            <ActionIcon variant="white" color="dark" radius="xl" size="lg" aria-label={fullscreen ? 'Exit fullscreen' : 'Fullscreen'} onClick={() => void toggle()}>
              {fullscreen ? <IconMinimize size={18} aria-hidden /> : <IconMaximize size={18} aria-hidden />}
            </ActionIcon>
          </DeferredTooltip>
        </Group>
      </Group>
    </Box>
  );
}

function Placeholder({ compact = false }: { compact?: boolean }) {
  return (
    <Stack align="center" justify="center" gap={6} h={compact ? undefined : '100%'} p={compact ? 0 : 'md'} aria-hidden>
      <IconVideo size={40} stroke={1.3} opacity={0.7} />
      <Text size="sm" opacity={0.75}>
        Camera preview
      </Text>
    </Stack>
  );
}
